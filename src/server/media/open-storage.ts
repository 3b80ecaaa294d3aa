// The configured media storage: the S3 bucket when S3_BUCKET is set, else the local MEDIA_DIR.
import type { Config } from '../config';
import { LocalStorage } from './local';
import { S3Storage, s3Client } from './s3';
import type { MediaStorage } from './storage';

export function openStorage(config: Pick<Config, 'mediaDir' | 's3'>): MediaStorage {
  return config.s3 ? new S3Storage(s3Client(config.s3), config.s3) : new LocalStorage(config.mediaDir);
}
