/**
 * Which channel a file means (decision 053): an as-run's BXF Channel (number, short name) or its
 * channel column. A name matches a channel's number ("6.2"), BXF short name, name, or call letters
 * with or without the number ("WSPT", "WSPT 6.2", "WSPT-6.2") where those call letters are one
 * channel's. Case and spacing do not matter. A name that fits two channels fits none.
 */
import { CHANNEL_SEPARATOR } from './as-run';

export interface MatchableChannel {
  id: string;
  channelNumber: string;
  shortName: string | null;
  name: string;
  callLetters: string | null;
}

const key = (text: string) =>
  text
    .trim()
    .toUpperCase()
    .replace(/[\s_-]+/g, ' ');

/** A lookup of channel names to ids; a text names a channel when one of its parts does. */
export const channelMatcher = (channels: readonly MatchableChannel[]) => {
  const names = new Map<string, Set<string>>();
  const add = (name: string | null, id: string) => {
    if (!name || name.trim() === '') return;
    const k = key(name);
    const ids = names.get(k) ?? new Set<string>();
    ids.add(id);
    names.set(k, ids);
  };
  for (const c of channels) {
    add(c.channelNumber, c.id);
    add(c.shortName, c.id);
    add(c.name, c.id);
    add(c.callLetters, c.id);
    if (c.callLetters) add(`${c.callLetters} ${c.channelNumber}`, c.id);
  }
  return (text: string): string | null => {
    for (const part of text.split(CHANNEL_SEPARATOR)) {
      const ids = names.get(key(part));
      if (ids && ids.size === 1) return [...ids][0]!;
    }
    return null;
  };
};
