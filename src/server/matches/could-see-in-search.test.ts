import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { seedCollector } from '../../../test/support/collectors.ts';
import { createTestDatabase } from '../../../test/support/database.ts';
import { sql } from '../../../test/support/sql.ts';
import { openDatabase } from '../db/orm.ts';
import { couldSeeInSearch, couldSeeInSearchSql, type SearchedRow } from './could-see-in-search.ts';

// The rule's two spellings, SQL for statements and TS for the index in memory, give the same answer
// on every combination of what it reads: who, active, distance, what they give, blocks either way.

let orm: MikroORM;
let databaseUrl: string;
const ids: number[] = [];
/** Blocks as [blocker, blocked], by index in `ids`: one each way between 0 and 1, one from 2 to 0. */
const BLOCKS = [
  [0, 1],
  [1, 0],
  [2, 0],
] as const;

beforeAll(async () => {
  databaseUrl = await createTestDatabase(inject('clusterUrl'));
  orm = await openDatabase(databaseUrl);
  const em = orm.em.fork();
  for (let i = 0; i < 4; i++) ids.push((await seedCollector(em, { nickname: `R${i}`, cap: '20121' })).id);
  for (const [blocker, blocked] of BLOCKS)
    await sql(databaseUrl, 'insert into user_block (blocker_id, blocked_id) values ($1, $2)', [
      ids[blocker],
      ids[blocked],
    ]);
});
afterAll(() => orm.close());

test('couldSeeInSearchSql and couldSeeInSearch agree', async () => {
  const rows: (SearchedRow & { n: number; doubleCount: number })[] = [];
  for (const userId of ids)
    for (const active of [true, false])
      for (const distanceKm of [0, 9.99, 10, 10.01])
        for (const theyGive of [0, 1, 3])
          rows.push({ n: rows.length, userId, active, distanceKm, theyGive, doubleCount: theyGive + 1 });
  for (const [me, meId] of ids.entries()) {
    const blocked = new Set(
      BLOCKS.flatMap(([a, b]) => (a === me ? [ids[b]] : b === me ? [ids[a]] : [])) as number[],
    );
    const shown = await sql<{ n: number }>(
      databaseUrl,
      `select t.n from json_to_recordset($3::json)
                    as t(n int, user_id int, active boolean, double_count int, distance_km float8, they_give int)
        where ${couldSeeInSearchSql('t', { distanceKm: 't.distance_km', theyGive: 't.they_give' }, { id: '$1::int', radiusKm: '$2::float8' })}
        order by t.n`,
      [
        meId,
        10,
        JSON.stringify(
          rows.map((row) => ({
            n: row.n,
            user_id: row.userId,
            active: row.active,
            double_count: row.doubleCount,
            distance_km: row.distanceKm,
            they_give: row.theyGive,
          })),
        ),
      ],
    );
    const expected = rows.filter((row) => couldSeeInSearch(row, { userId: meId, radiusKm: 10, blocked }));
    expect(
      shown.map((row) => row.n),
      `as collector ${me}`,
    ).toEqual(expected.map((row) => row.n));
    // Something on each side of every condition.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(rows.length / 4);
  }
});
