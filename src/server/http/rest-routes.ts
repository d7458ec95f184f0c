import type { RestRoute } from './rest-route.ts';
import { adminRoutes } from './routes/admin.ts';
import { albumsRoutes } from './routes/albums.ts';
import { alertsRoutes } from './routes/alerts.ts';
import { authRoutes } from './routes/auth.ts';
import { blocksRoutes } from './routes/blocks.ts';
import { chatRoutes } from './routes/chat.ts';
import { collectionRoutes } from './routes/collection.ts';
import { familyRoutes } from './routes/family.ts';
import { matchesRoutes } from './routes/matches.ts';
import { moderationRoutes } from './routes/moderation.ts';
import { raduniRoutes } from './routes/raduni.ts';
import { reportsRoutes } from './routes/reports.ts';
import { settingsRoutes } from './routes/settings.ts';
import { stickersRoutes } from './routes/stickers.ts';
import { swapPointsRoutes } from './routes/swap-points.ts';
import { swapsRoutes } from './routes/swaps.ts';
import { usersRoutes } from './routes/users.ts';

/**
 * The REST API of the spec, one line per call in one file per area (`routes/<area>.ts`, named like
 * `src/rpc/<area>.ts`): every route runs the tRPC procedure it names with the path parameters, the query
 * string and the JSON body merged into one input object. Body limits are the procedure's (body-limits.ts),
 * the same as over tRPC.
 */
export const restRoutes: RestRoute[] = [
  ...authRoutes,
  ...usersRoutes,
  ...familyRoutes,
  ...albumsRoutes,
  ...stickersRoutes,
  ...collectionRoutes,
  ...adminRoutes,
  ...settingsRoutes,
  ...matchesRoutes,
  ...chatRoutes,
  ...swapsRoutes,
  ...swapPointsRoutes,
  ...raduniRoutes,
  ...blocksRoutes,
  ...reportsRoutes,
  ...moderationRoutes,
  ...alertsRoutes,
];
