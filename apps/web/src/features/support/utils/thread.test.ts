import type { TicketReply } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { attachedImages, authorOf, isStaffReply, threadOldestFirst } from './thread.ts';

const reply = (replyid: number, date: string, extra: Partial<TicketReply> = {}): TicketReply => ({
  replyid,
  userid: 7,
  name: 'Dana Demo',
  email: 'demo@example.com',
  admin: '',
  date,
  message: `message ${replyid}`,
  attachment: '',
  ...extra,
});

describe('ticket thread', () => {
  it('puts the oldest message first, and messages of the same second in the order written', () => {
    const thread = threadOldestFirst([
      reply(4, '2026-11-02 09:00:00'),
      reply(2, '2026-10-30 23:59:59'),
      reply(5, '2026-11-02 09:00:00'),
      reply(3, '2026-11-02 09:00:00'),
      reply(1, '2026-10-30 08:00:00'),
    ]);
    expect(thread.map((item) => item.replyid)).toEqual([1, 2, 3, 4, 5]);
  });

  it('leaves the answer of the API as it was', () => {
    const replies = [reply(2, '2026-11-02 09:00:00'), reply(1, '2026-11-01 09:00:00')];
    threadOldestFirst(replies);
    expect(replies.map((item) => item.replyid)).toEqual([2, 1]);
  });

  it('tells staff answers by the staff name and names their author', () => {
    const staff = reply(2, '2026-11-02 09:00:00', {
      userid: 0,
      admin: 'Morgan Support',
      name: 'Morgan Support',
    });
    expect(isStaffReply(staff)).toBe(true);
    expect(authorOf(staff)).toBe('Morgan Support');
    expect(isStaffReply(reply(1, '2026-11-01 09:00:00'))).toBe(false);
    expect(authorOf(reply(1, '2026-11-01 09:00:00'))).toBe('Dana Demo');
  });

  it('lists only generated image names of a message', () => {
    const a = `${'a'.repeat(32)}.png`;
    const b = `${'0123456789abcdef'.repeat(2)}.webp`;
    expect(attachedImages('')).toEqual([]);
    expect(attachedImages(`${a}|${b}`)).toEqual([a, b]);
    expect(attachedImages(`${a}|../../etc/passwd|x.svg|${'A'.repeat(32)}.png`)).toEqual([a]);
  });
});
