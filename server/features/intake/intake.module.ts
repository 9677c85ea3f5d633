import type { FeatureModule, Platform } from '#server/platform/platform.ts';
import { createIntakeMails } from './intake.service.ts';

/** The mails of the public forms (the shape: news.module.ts), built once for the contact, translations and consultations modules. */
export function intakeModule(platform: Pick<Platform, 'config' | 'outbox'>) {
  return { mails: createIntakeMails(platform.config, platform.outbox) } satisfies FeatureModule;
}
