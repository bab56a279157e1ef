// Moved to core/messages.ts (the message catalogue is shared by the core and every module); kept
// here so existing imports keep working.
export * from '../core/messages.ts';
