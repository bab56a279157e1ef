// Moved to db/page.ts (the data layer's Condition/Query helper, which Repo uses); kept here so
// existing imports keep working.
export * from '../db/page.ts';
