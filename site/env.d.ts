/// <reference types="astro/client" />
/// <reference types="louise/astro/types" />
