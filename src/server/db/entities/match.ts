import { defineEntity, p } from '@mikro-orm/core';
import { User } from './user.ts';

const MatchSchema = defineEntity({
  name: 'Match',
  tableName: 'match',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** The pair is stored once, lower user id first, so creating it again finds the same row. */
    userLow: () => p.manyToOne(User).deleteRule('cascade'),
    userHigh: () => p.manyToOne(User).deleteRule('cascade').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** The newest message id each participant has seen (unread counts). */
    lowReadUpTo: p.bigint('number').default(0),
    highReadUpTo: p.bigint('number').default(0),
  },
  uniques: [{ properties: ['userLow', 'userHigh'] }],
});

export class Match extends MatchSchema.class {}
MatchSchema.setClass(Match);
