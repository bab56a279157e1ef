// Topics of the real-time channel. Every topic ends with the id of the one user it belongs to,
// which is what lets the hub refuse a subscription to someone else's topic by reading its name.
//   /userMessages/{userId}                  new personal messages (000 §4 "Real-time messages")
//   /streamMessages/{userId}                AI answer streams (000 §7 AI)
//   /streamMessages/{moduleId}/{userId}     AI answer streams of one workshop module (001 §7.5)

export const USER_MESSAGES = '/userMessages';
export const STREAM_MESSAGES = '/streamMessages';

const TOPIC = /^(\/userMessages|\/streamMessages(?:\/[\w.-]{1,64})?)\/(\d{1,19})$/;

export const userMessagesTopic = (userId: string) => `${USER_MESSAGES}/${userId}`;
export const streamMessagesTopic = (userId: string, moduleId?: string) =>
  moduleId ? `${STREAM_MESSAGES}/${moduleId}/${userId}` : `${STREAM_MESSAGES}/${userId}`;

/** Splits a topic into the prefix shared by all users and the user it belongs to; null when it is not a topic. */
export function parseTopic(topic: unknown): { prefix: string; userId: string } | null {
  if (typeof topic !== 'string' || topic.length > 200) return null;
  const m = TOPIC.exec(topic);
  return m ? { prefix: m[1], userId: m[2] } : null;
}

/** A prefix other modules may publish under: /userMessages, /streamMessages or /streamMessages/{moduleId}. */
export function isTopicPrefix(prefix: string): boolean {
  return parseTopic(`${prefix}/0`) !== null;
}
