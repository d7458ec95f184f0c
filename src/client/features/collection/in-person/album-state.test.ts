import { describe, expect, it } from 'vitest';
import { afterGiving, afterReceiving, codeStates, mutualPositions, myMarks } from './album-state.ts';

describe('my album at the table', () => {
  const ids = [11, 12, 13, 14, 15];

  it('takes the waiting taps over what the server said, and a double without a count has one spare', () => {
    const records = [
      { stickerId: 11, status: 'yes' as const },
      { stickerId: 12, status: 'double' as const, spares: 3 },
      { stickerId: 13, status: 'double' as const, spares: 2 },
    ];
    const pending = new Map([
      [13, { status: 'no' as const }],
      [14, { status: 'double' as const }],
      [12, { status: 'double' as const }],
    ]);
    expect(myMarks(ids, records, pending)).toEqual([
      { status: 'yes', spares: 0 },
      { status: 'double', spares: 3 },
      { status: 'no', spares: 0 },
      { status: 'double', spares: 1 },
      { status: 'no', spares: 0 },
    ]);
  });

  it('holds back the spares promised in accepted swaps', () => {
    const marks = [
      { status: 'double' as const, spares: 1 },
      { status: 'double' as const, spares: 2 },
      { status: 'yes' as const, spares: 0 },
      { status: 'no' as const, spares: 0 },
      { status: 'double' as const, spares: 1 },
    ];
    const promised = new Map([
      [11, 1],
      [12, 1],
    ]);
    expect(codeStates(ids, marks, promised)).toEqual([1, 2, 1, 0, 2]);
  });

  it('lists my free doubles they miss and theirs I miss, in album order', () => {
    expect(mutualPositions([2, 0, 2, 1, 0, 2], [0, 2, 1, 0, 2, 0])).toEqual({
      give: [0, 5],
      receive: [1, 4],
    });
  });

  it('gives a spare and receives a copy', () => {
    expect(afterGiving({ status: 'double', spares: 2 })).toEqual({ status: 'double', spares: 1 });
    expect(afterGiving({ status: 'double', spares: 1 })).toEqual({ status: 'yes', spares: 0 });
    expect(afterGiving({ status: 'yes', spares: 0 })).toEqual({ status: 'no', spares: 0 });
    expect(afterReceiving({ status: 'no', spares: 0 })).toEqual({ status: 'yes', spares: 0 });
    expect(afterReceiving({ status: 'yes', spares: 0 })).toEqual({ status: 'double', spares: 1 });
    expect(afterReceiving({ status: 'double', spares: 99 })).toEqual({ status: 'double', spares: 99 });
  });
});
