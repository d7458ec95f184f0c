import type { IndexAnswer, IndexCandidate } from './album-index.ts';
import { nameSlots, type StickerNames } from './album-slots.ts';
import type { CandidateRow } from './candidate-rows.ts';

/** A candidate with the first stickers of each list named, in natural number order, and who they are. */
export type NamedCandidate = IndexCandidate & {
  theyGiveNumbers: string[];
  iGiveNumbers: string[];
  row: CandidateRow;
};

/** The index's answer with the album's sticker count and the candidates' stickers named. */
export type NamedAnswer = Omit<IndexAnswer, 'candidates'> & {
  stickers: number;
  candidates: NamedCandidate[];
};

/** The answer with the stickers named and who each candidate is (one whose account just went is left out). */
export function namedAnswer(
  answer: IndexAnswer,
  names: StickerNames,
  max: number,
  rows: Map<number, CandidateRow>,
): NamedAnswer {
  return {
    ...answer,
    stickers: names.inOrder.length,
    candidates: answer.candidates.flatMap((candidate) => {
      const row = rows.get(candidate.userId);
      if (!row) return [];
      return [
        {
          ...candidate,
          theyGiveNumbers: nameSlots(names, candidate.theyGiveSlots, max),
          iGiveNumbers: nameSlots(names, candidate.iGiveSlots, max),
          row,
        },
      ];
    }),
  };
}
