import * as z from 'zod/mini';
import { idRef } from './primitives';

/** Body of POST /baf/update-language/: the id of one of GET /baf/languages/. The answer is that language. */
export const updateLanguageRequestWire = z.object({ language: idRef });
