import { defineCms } from 'louise/astro';
import { d1Check } from 'louise/health';

// The reference site's runtime configuration: the built-in sign-in
// (passwordEditor) and a status probe that checks D1.
export default defineCms<Env>({
  status: { checks: { db: d1Check((env: Env) => env.DB) } },
});
