export { ident, tableMeta, type TableMeta } from '../db/sql.ts';
export { pagesRoute, type PagesRouteOptions } from '../drafts/pages-route.ts';
export { versionsRoute, type VersionsRouteOptions } from '../drafts/versions-route.ts';
export { saveRoute, type SaveRouteOptions } from '../drafts/save-route.ts';
export { applySaveDraft, type SaveDraftOptions, type SavedDraft } from '../drafts/apply-save-draft.ts';
export { applyPublish, applyUnpublish, applyDiscard } from '../drafts/apply-publish.ts';
export { applyFieldSave, resolveFieldValue, type FieldSaveConfig, type FieldSaveInput, type SaveCollectionConfig } from '../drafts/apply-field-save.ts';
export {
  draftDeps,
  runValidate,
  validationError,
  type DraftDeps,
  type DraftDepsOptions,
  type ValidateHook,
  type ValidateContext,
} from '../drafts/draft-deps.ts';
export type { SoftLockSource, SoftLockTarget } from '../drafts/soft-locks.ts';
export { overlayRoute, type OverlayRouteOptions } from '../drafts/overlay-route.ts';
export { reviewRequestsRoute, type ReviewRequestsOptions } from '../drafts/review-requests.ts';
export { publishedOverlay, overlayWork, saveOverlayRegions, type OverlayDoc, type OverlayEnv } from '../drafts/overlay-store.ts';
export { collectionRoutes, type CollectionRoutesOptions, type CollectionRealtime } from '../drafts/collection-routes.ts';
export { mediaRoute, type MediaRouteOptions } from '../media/media-route.ts';
export { listMediaRoute, type ListMediaRouteOptions } from '../media/list-media-route.ts';
export { serveMedia } from '../media/serve.ts';
export { findMediaReferences, type MediaReference } from '../media/refs.ts';
export { MAX_UPLOAD_BYTES } from '../media/store.ts';
export { sniffMedia, MEDIA_TYPES, kindOf, type MediaKind, type MediaType, type Sniffed } from '../media/sniff.ts';
export { measureImage, MAX_IMAGE_SIDE, MAX_IMAGE_PIXELS } from '../media/measure.ts';
export type { MediaAsset, MediaEnv } from '../media/asset.ts';
export {
  defineForm,
  type FormConfig,
  type FormDefinition,
  type FormField,
  type FormFieldType,
  type FormSpamOptions,
  type FormNotifyOptions,
  type FromEnv,
} from '../forms/define-form.ts';
export {
  formSchema,
  validateForm,
  EMAIL_MESSAGE,
  type FormSchema,
  type FormValidation,
  type FieldViolation,
  type SubmissionData,
} from '../forms/form-schema.ts';
export { formRoute, type FormRouteOptions } from '../forms/form-route.ts';
export { formTimestamp, FORM_HIDDEN_FIELDS } from '../forms/form-token.ts';
export { formSecret, type FormSecretEnv } from '../forms/form-secret.ts';
export { readFormFlash, clearFormFlash, FORM_FLASH_COOKIE, type FormFlash } from '../forms/flash.ts';
export { genericTable, type FormStore, type Submission, type SubmissionCounts } from '../forms/generic-table.ts';
export { submissionsRoute, inquiriesRoute, type SubmissionsRouteOptions, type InquiriesRouteOptions } from '../forms/inbox-route.ts';
export { sendEmailMailer, localMailer, type Mailer, type MailMessage, type SendEmailBinding } from '../forms/mailer.ts';
export { turnstileVerifier, TURNSTILE_SITEVERIFY_URL, type VerifyCaptcha } from '../forms/captcha.ts';
export { MAX_FORM_BODY } from '../forms/read-submission.ts';
export { settingsRoute, type SettingsRouteOptions } from '../settings/settings-route.ts';
export { blobSettingsRoute, type BlobSettingsRouteOptions } from '../settings/blob-settings-route.ts';
export { seedRoute, type SeedRouteOptions } from '../settings/seed-route.ts';
export { applySettingsPatch, readSiteSettings, type SettingsPatchResult, type SiteSettingsRead } from '../settings/apply-settings-patch.ts';
export type { SettingsDraft } from '../settings/wire.ts';
export { resolveSettings, type SettingsConfig, type SettingKind, type SettingField, type ResolvedSettings } from '../settings/settings-config.ts';
export { partitionSettingsPatch, type SettingsPartition } from '../settings/partition.ts';
export { mergeBlobPatch, type BlobMerge } from '../settings/merge-blob.ts';
export { settingText, settingLinks, settingImage, settingJson } from '../settings/setting-values.ts';
export type { SettingSanitizer } from '../settings/setting-sanitizer.ts';
export { seedSiteSettings, seedSettingsSql } from '../settings/seed.ts';
export type { SiteSettings, SettingsDefaults } from '../settings/site-settings.ts';
