// The S3 protocol's local credentials: the values `supabase start` hands storage-api (S3_PROTOCOL_ACCESS_KEY_ID,
// S3_PROTOCOL_ACCESS_KEY_SECRET, STORAGE_S3_REGION, TENANT_ID) and `supabase status` prints. Like the stack's other
// keys they are public and fixed; they protect nothing outside loopback.

export const s3AccessKeyId = '625729a08b95bf1b7ff351a663f3a23c'
export const s3SecretAccessKey = '850181e4652dd023b7a98c58ae0d2d34bd487ee0cc3254aed6eda37307425907'
export const s3Region = 'local'

/**
 * storage-api's tenant id under the CLI (`TENANT_ID=stub`): the access key id of a request signed for a user's
 * session (the user's JWT in X-Amz-Security-Token, signed with the anon key as the secret).
 */
export const s3SessionAccessKeyId = 'stub'
