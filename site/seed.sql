-- Content of the reference site. Idempotent: existing rows are left alone.
-- The site settings are not here: `louise db seed` (and `astro dev`) seed
-- them from the defaults in site/cms.config.ts, as on any Louise site.

-- The two images are the files in public/images, added to the media library
-- by `louise media add` (scripts/bootstrap.mjs); their URLs are content-addressed.
INSERT OR IGNORE INTO pages (slug, title, summary, body, paragraphs, hero, sections) VALUES
('home', 'Write where your readers read',
 'Louise lets editors change this page where it stands: no admin panel, no preview step.',
 '<p>Sign in, open any page with <code>?edit</code>, and click into the text you want to change. Changes save themselves as you type. Below, the page is built from blocks: move, add and remove them in place.</p>',
 '[]',
 '{"src":"/media/c6644b914e927a4b9052d3a8746bb9837965399cd1cddf19fbb4c673978ac78b.jpg","alt":"An abstract sky, violet above and orange below","width":1600,"height":900}',
 '[{"id":"bfeatures","type":"features","heading":"What you get","items":["Edit the live page in place","Drafts, history and one-click publish","Nothing extra for visitors"]},{"id":"bfigure","type":"figure","image":{"src":"/media/f3123d85f22761ec1fbde66caa16631b353528ff2223909038ff8941399ba20e.jpg","alt":"A green and pale blue swirl","width":1200,"height":800},"caption":"Pictures come from the media library, with their size and alt text."},{"id":"bfaqvisitors","type":"faq","question":"What do visitors download?","answer":"<p>Plain, fast HTML. The editor only loads for signed-in editors in edit mode.</p>"},{"id":"bfaqblocks","type":"faq","question":"Can I change the shape of this page?","answer":"<p>Yes: in edit mode every block has a toolbar to move, duplicate or remove it, and <strong>Add block</strong> adds a new one.</p>"},{"id":"bcontact","type":"cta","heading":"Try it on your own site","text":"<p>Add the integration, mark your templates, and your editors work on the page itself.</p>","link":{"href":"/contact","label":"Get in touch"}}]'),
('about', 'About this site',
 'A small reference site that shows every Louise feature.',
 '',
 '["This site runs on Cloudflare Workers, with its content in D1.","Every heading and paragraph you see is marked with data-cms-field, so an editor can change it in place.","Visitors never download the editor: it ships only in edit mode."]',
 NULL,
 '[]'),
('articles/editing-in-place', 'Editing in place',
 'Why the page itself is the best editor for the page.',
 '<p>Most content systems ask you to edit a form and then imagine the result. Louise turns the page into the form.</p><p><img src="/media/f3123d85f22761ec1fbde66caa16631b353528ff2223909038ff8941399ba20e.jpg" alt="A green and pale blue swirl" width="1200" height="800"></p><h2>Drafts first</h2><p>On versioned pages every change is a <strong>draft</strong> until someone who may publish presses Publish.</p><ul><li>Every version stays recoverable.</li><li>Two editors never silently overwrite each other.</li></ul>',
 '[]',
 NULL,
 '[]'),
('contact', 'Contact us',
 'Write to us: we read every message and answer within two working days.',
 '',
 '[]',
 NULL,
 '[]');

-- The pages collection is versioned: each seeded page gets one version (made
-- by "seed") and is published from it, once. A page an editor unpublished
-- later has more versions or other authors and is left alone.
INSERT INTO pages_versions (page_id, title, summary, body, paragraphs, hero, sections, created_by)
SELECT id, title, summary, body, paragraphs, hero, sections, 'seed' FROM pages
WHERE slug IN ('home', 'about', 'articles/editing-in-place', 'contact') AND NOT EXISTS (SELECT 1 FROM pages_versions v WHERE v.page_id = pages.id);

UPDATE pages SET published_version_id = (SELECT max(v.id) FROM pages_versions v WHERE v.page_id = pages.id)
WHERE slug IN ('home', 'about', 'articles/editing-in-place', 'contact') AND published_version_id IS NULL
AND (SELECT count(*) FROM pages_versions v WHERE v.page_id = pages.id AND v.created_by = 'seed') = 1
AND NOT EXISTS (SELECT 1 FROM pages_versions v WHERE v.page_id = pages.id AND (v.created_by IS NOT 'seed' OR v.discarded_at IS NOT NULL));

-- A database made before page sections (migration 0007 gave every page `[]`)
-- gets the home page's blocks too, as long as nobody has edited that page.
UPDATE pages_versions SET sections = '[{"id":"bfeatures","type":"features","heading":"What you get","items":["Edit the live page in place","Drafts, history and one-click publish","Nothing extra for visitors"]},{"id":"bfigure","type":"figure","image":{"src":"/media/f3123d85f22761ec1fbde66caa16631b353528ff2223909038ff8941399ba20e.jpg","alt":"A green and pale blue swirl","width":1200,"height":800},"caption":"Pictures come from the media library, with their size and alt text."},{"id":"bfaqvisitors","type":"faq","question":"What do visitors download?","answer":"<p>Plain, fast HTML. The editor only loads for signed-in editors in edit mode.</p>"},{"id":"bfaqblocks","type":"faq","question":"Can I change the shape of this page?","answer":"<p>Yes: in edit mode every block has a toolbar to move, duplicate or remove it, and <strong>Add block</strong> adds a new one.</p>"},{"id":"bcontact","type":"cta","heading":"Try it on your own site","text":"<p>Add the integration, mark your templates, and your editors work on the page itself.</p>","link":{"href":"/contact","label":"Get in touch"}}]'
WHERE sections = '[]' AND created_by = 'seed' AND page_id = (SELECT id FROM pages WHERE slug = 'home')
AND NOT EXISTS (SELECT 1 FROM pages_versions v WHERE v.page_id = pages_versions.page_id AND v.created_by IS NOT 'seed');
UPDATE pages SET sections = (SELECT v.sections FROM pages_versions v WHERE v.id = pages.published_version_id)
WHERE slug = 'home' AND sections = '[]'
AND NOT EXISTS (SELECT 1 FROM pages_versions v WHERE v.page_id = pages.id AND v.created_by IS NOT 'seed');

-- The shop's products (site/shop/products.ts; tables from site/migrations),
-- each published from one seed version, like the pages above.
INSERT OR IGNORE INTO products (slug, title, summary, price) VALUES
('field-notebook', 'Field notebook', 'Ninety-six pages of dot grid, stitched, in a cover that takes a beating.', '24.00'),
('enamel-mug', 'Enamel mug', 'Holds a proper cup of tea. Goes on the campfire, too.', '18.50');

INSERT INTO products_versions (page_id, title, summary, price, created_by)
SELECT id, title, summary, price, 'seed' FROM products
WHERE NOT EXISTS (SELECT 1 FROM products_versions v WHERE v.page_id = products.id);

UPDATE products SET published_version_id = (SELECT max(v.id) FROM products_versions v WHERE v.page_id = products.id)
WHERE published_version_id IS NULL
AND (SELECT count(*) FROM products_versions v WHERE v.page_id = products.id AND v.created_by = 'seed') = 1
AND NOT EXISTS (SELECT 1 FROM products_versions v WHERE v.page_id = products.id AND (v.created_by IS NOT 'seed' OR v.discarded_at IS NOT NULL));
