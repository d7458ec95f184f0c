import type { CandidateRow } from './candidate-rows.ts';
import type { IndexAnswer, IndexCandidate } from './index-query.ts';
import { namePairs, nameSlots, type StickerNames } from './slot-numbers.ts';

/**
 * A candidate with the first stickers they can give me named, in natural number order, the first 1:1
 * exchanges like for like, and who they are.
 */
export type DescribedCandidate = IndexCandidate & {
  theyGiveNumbers: string[];
  pairs: { myDouble: string; theirNeed: string }[];
  row: CandidateRow;
};

/** The index's answer with the album's sticker count and the candidates' stickers named. */
export type DescribedIndexAnswer = Omit<IndexAnswer, 'candidates'> & {
  stickers: number;
  candidates: DescribedCandidate[];
};

/**
 * The answer with the stickers named (`max` of each list) and who each candidate is (one whose account
 * just went is left out).
 */
export function describeIndexAnswer(
  answer: IndexAnswer,
  names: StickerNames,
  { max, mixKinds }: { max: number; mixKinds: boolean },
  rows: Map<number, CandidateRow>,
): DescribedIndexAnswer {
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
          pairs: namePairs(
            names,
            { iGive: candidate.iGiveSlots, theyGive: candidate.theyGiveSlots },
            mixKinds,
            max,
          ),
          row,
        },
      ];
    }),
  };
}
