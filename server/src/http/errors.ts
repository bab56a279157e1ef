// Moved to core/errors.ts (the data layer refuses with ApiError too, and imports nothing of http/);
// kept here so existing imports keep working.
export * from '../core/errors.ts';
