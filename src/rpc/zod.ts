import { z } from 'zod';

// Every schema imports z from here, so zod's own messages (wrong type, unknown field…) are Italian on the
// server, in the forms and in the tests alike.
z.config(z.locales.it());

export { z };
