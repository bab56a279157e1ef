// The form schema lives in packages/schema (shared with the server's validator).
export * from '@campus/schema';
