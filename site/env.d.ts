/// <reference types="astro/client" />
/// <reference path="../integration/virtual.d.ts" />
