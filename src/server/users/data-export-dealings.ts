import { type ExportWriter, iso, type Rows, type Timestamp } from './data-export-rows.ts';
import { swapSeenBySql } from './swap-standing.ts';

/*
 * 'Scarica i miei dati', the collector's dealings with other collectors: swaps, messages they sent,
 * ratings both ways, blocks and reports. The others appear by nickname only (data-export.ts).
 */

/** Messages are read and written this many at a time. */
const MESSAGES_PAGE = 1_000;

export async function swapsOf(rows: Rows, me: number) {
  const swaps = await rows<{
    id: number;
    proposer: boolean;
    other: string | null;
    album: string;
    status: string;
    mode: string;
    give: string[];
    receive: string[];
    created_at: Timestamp;
    updated_at: Timestamp;
    expires_at: Timestamp;
    completed_at: Timestamp;
    i_confirmed: boolean;
    other_confirmed: boolean;
    place: string | null;
    slot_start: Timestamp;
    slot_end: Timestamp;
  }>(
    `select w.id, w.from_user_id = ? as proposer, o.nickname as other, a.name as album, w.status, w.mode,
            coalesce((select array_agg(s.number order by s.position, s.id) from swap_item i
                       join sticker s on s.id = i.sticker_id where i.swap_id = w.id and i.giver_id = ?),
                     '{}') as give,
            coalesce((select array_agg(s.number order by s.position, s.id) from swap_item i
                       join sticker s on s.id = i.sticker_id where i.swap_id = w.id and i.giver_id <> ?),
                     '{}') as receive,
            w.created_at, w.updated_at, w.expires_at, w.completed_at,
            case when w.from_user_id = ? then w.from_confirmed else w.to_confirmed end as i_confirmed,
            case when w.from_user_id = ? then w.to_confirmed else w.from_confirmed end as other_confirmed,
            p.name || ', ' || p.address || ', ' || p.cap as place, w.slot_start, w.slot_end
       from swap w
       join album a on a.id = w.album_id
       left join swap_point p on p.id = w.swap_point_id
       left join app_user o on o.id = case when w.from_user_id = ? then w.to_user_id else w.from_user_id end
      where (w.from_user_id = ? or w.to_user_id = ?) and ${swapSeenBySql('w', '?::int')}
      order by w.id`,
    [me, me, me, me, me, me, me, me, me],
  );
  return swaps.map((swap) => ({
    id: swap.id,
    role: swap.proposer ? 'proposer' : 'recipient',
    other: swap.other,
    album: swap.album,
    status: swap.status,
    mode: swap.mode,
    give: swap.give,
    receive: swap.receive,
    iConfirmed: swap.i_confirmed,
    otherConfirmed: swap.other_confirmed,
    ...(swap.place
      ? { meeting: { place: swap.place, from: iso(swap.slot_start), to: iso(swap.slot_end) } }
      : {}),
    createdAt: iso(swap.created_at),
    updatedAt: iso(swap.updated_at),
    expiresAt: iso(swap.expires_at),
    completedAt: iso(swap.completed_at),
  }));
}

/** The messages the collector sent, a page at a time (a chatty collector may have many). */
export async function writeMessages(rows: Rows, me: number, write: ExportWriter) {
  await write(',"messagesSent":[');
  let after = 0;
  let first = true;
  for (;;) {
    const page = await rows<{ id: string; to: string | null; content: string; created_at: Timestamp }>(
      `select m.id, o.nickname as "to", m.content, m.created_at
         from message m
         join match x on x.id = m.match_id
         left join app_user o on o.id = case when x.user_low_id = ? then x.user_high_id else x.user_low_id end
        where m.sender_id = ? and m.id > ?
        order by m.id limit ?`,
      [me, me, after, MESSAGES_PAGE],
    );
    for (const message of page) {
      const part = { to: message.to, content: message.content, sentAt: iso(message.created_at) };
      await write(`${first ? '' : ','}${JSON.stringify(part)}`);
      first = false;
    }
    if (page.length < MESSAGES_PAGE) break;
    after = Number(page[page.length - 1]?.id);
  }
  await write(']');
}

export async function ratingsOf(rows: Rows, me: number, which: 'given' | 'received') {
  const [mine, theirs] = which === 'given' ? ['rater_id', 'rated_id'] : ['rated_id', 'rater_id'];
  const ratings = await rows<{
    swap_id: number;
    other: string | null;
    stars: number;
    comment: string | null;
    created_at: Timestamp;
  }>(
    `select r.swap_id, o.nickname as other, r.stars, r.comment, r.created_at
       from swap_rating r left join app_user o on o.id = r.${theirs}
      where r.${mine} = ? order by r.created_at, r.swap_id`,
    [me],
  );
  return ratings.map((rating) => ({
    swapId: rating.swap_id,
    ...(which === 'given' ? { to: rating.other } : { from: rating.other }),
    stars: rating.stars,
    comment: rating.comment,
    ratedAt: iso(rating.created_at),
  }));
}

export async function reportsOf(rows: Rows, me: number) {
  const reports = await rows<{
    type: string;
    about: string | null;
    description: string;
    page: string | null;
    url: string | null;
    error_details: string | null;
    user_agent: string | null;
    status: string;
    created_at: Timestamp;
    updated_at: Timestamp;
  }>(
    `select r.type, o.nickname as about, r.description, r.page, r.url, r.error_details, r.user_agent,
            r.status, r.created_at, r.updated_at
       from report r left join app_user o on o.id = r.reported_user_id
      where r.user_id = ? order by r.id`,
    [me],
  );
  return reports.map((report) => ({
    type: report.type,
    ...(report.about ? { about: report.about } : {}),
    description: report.description,
    page: report.page,
    url: report.url,
    errorDetails: report.error_details,
    userAgent: report.user_agent,
    status: report.status,
    createdAt: iso(report.created_at),
    updatedAt: iso(report.updated_at),
  }));
}

/** The collectors they blocked, by nickname. */
export async function blocksOf(rows: Rows, me: number) {
  const blocks = await rows<{ nickname: string; created_at: Timestamp }>(
    `select o.nickname, b.created_at from user_block b join app_user o on o.id = b.blocked_id
      where b.blocker_id = ? order by b.created_at, o.nickname`,
    [me],
  );
  return blocks.map((block) => ({ nickname: block.nickname, blockedAt: iso(block.created_at) }));
}

/** The Punti Scambio I suggested, whatever an admin made of them. */
export async function swapPointsSuggestedOf(rows: Rows, me: number) {
  const points = await rows<{
    name: string;
    kind: string;
    address: string;
    cap: string;
    note: string;
    state: string;
    created_at: Timestamp;
  }>(
    `select name, kind, address, cap, note, state, created_at from swap_point where suggested_by_id = ? order by id`,
    [me],
  );
  return points.map((point) => ({
    name: point.name,
    kind: point.kind,
    address: point.address,
    cap: point.cap,
    note: point.note,
    state: point.state,
    suggestedAt: iso(point.created_at),
  }));
}

/** The meets I said I go to (issue 46), while they are kept: where, when, what I chose and my check-in. */
export async function raduniOf(rows: Rows, me: number) {
  const raduni = await rows<{
    title: string;
    place: string;
    starts_at: Timestamp;
    shares: boolean;
    table_label: string;
    shows_here: boolean;
    checked_in_at: Timestamp | null;
  }>(
    `select r.title, p.name as place, r.starts_at, m.shares, m.table_label, m.shows_here, m.checked_in_at
       from raduno_participant m join raduno r on r.id = m.raduno_id join swap_point p on p.id = r.swap_point_id
      where m.user_id = ? order by r.starts_at, r.id`,
    [me],
  );
  return raduni.map((raduno) => ({
    title: raduno.title,
    place: raduno.place,
    start: iso(raduno.starts_at),
    shares: raduno.shares,
    table: raduno.table_label,
    showsHere: raduno.shows_here,
    checkedInAt: raduno.checked_in_at === null ? null : iso(raduno.checked_in_at),
  }));
}
