-- The `auth` schema as a Supabase database has it once the Auth service (GoTrue v2.189, supabase/auth) has applied
-- all of its migrations: the consolidated end state, not a replay of the 69 migration files.
-- Runs once, as the cluster superuser `supabase_admin`, right after 00-roles.sql and 01-extensions-and-public.sql.
--
-- Sources of the facts: the supabase/auth `migrations/*.up.sql` files, the supabase/postgres init script and
-- migrations (schema, grants, default privileges), and pg_dump output of hosted projects (names of constraints and
-- indexes, ACLs). See shared/reference/supabase-database-bootstrap.md sections 2 to 4.
--
-- Left out on purpose:
--   * the idx_users_* indexes (email, name, created_at, last_sign_in_at) seen on some hosted auth.users: the dashboard
--     creates them for its user search, no Auth migration does;
--   * anything from Auth migrations newer than v2.189 (custom_claims_allowlist, SCIM, recovery codes, ...).

create schema auth authorization supabase_admin;

-- anon/authenticated/service_role may call auth.uid() & co. but get no table privileges at all.
grant usage on schema auth to anon, authenticated, service_role, postgres;
-- postgres has USAGE only: Supabase revoked its CREATE on this schema (2025).
grant all on schema auth to supabase_auth_admin, dashboard_user;

-- Whatever supabase_auth_admin creates here is fully usable by postgres and the dashboard.
alter default privileges for role supabase_auth_admin in schema auth
  grant all on tables to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth
  grant all on sequences to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth
  grant all on functions to postgres, dashboard_user;

-- Everything below is created by the role the Auth service logs in as, so it owns it, as on Supabase.
set role supabase_auth_admin;

-- ---------------------------------------------------------------------------------------------------------------------
-- Enum types
-- ---------------------------------------------------------------------------------------------------------------------

create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
create type auth.code_challenge_method as enum ('s256', 'plain');
create type auth.factor_status as enum ('unverified', 'verified');
create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
create type auth.oauth_authorization_status as enum ('pending', 'approved', 'denied', 'expired');
create type auth.oauth_client_type as enum ('public', 'confidential');
create type auth.oauth_registration_type as enum ('dynamic', 'manual');
create type auth.oauth_response_type as enum ('code');
create type auth.one_time_token_type as enum (
  'confirmation_token',
  'reauthentication_token',
  'recovery_token',
  'email_change_token_new',
  'email_change_token_current',
  'phone_change_token'
);

-- ---------------------------------------------------------------------------------------------------------------------
-- Bookkeeping tables
-- ---------------------------------------------------------------------------------------------------------------------

create table auth.schema_migrations (
  version varchar(255) not null,
  constraint schema_migrations_pkey primary key (version)
);
comment on table auth.schema_migrations is 'Auth: versions of the Auth service migrations already applied.';

create table auth.instances (
  id uuid not null,
  uuid uuid,
  raw_base_config text,
  created_at timestamptz,
  updated_at timestamptz,
  constraint instances_pkey primary key (id)
);
comment on table auth.instances is 'Auth: sites of a multi-site setup (unused by Supabase).';

create table auth.audit_log_entries (
  instance_id uuid,
  id uuid not null,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default '',
  constraint audit_log_entries_pkey primary key (id)
);
comment on table auth.audit_log_entries is 'Auth: audit trail of what users did.';
create index audit_logs_instance_id_idx on auth.audit_log_entries (instance_id);

-- ---------------------------------------------------------------------------------------------------------------------
-- Users and identities
-- ---------------------------------------------------------------------------------------------------------------------

create table auth.users (
  instance_id uuid,
  id uuid not null,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  -- No default on these four: GoTrue reads them into plain strings, so a row inserted by hand must set them to ''
  -- (a NULL makes sign-in fail with "converting NULL to string is unsupported").
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  -- phone and phone_change started as varchar(15) and became text; their defaults kept the varchar cast.
  phone text default null::varchar,
  phone_confirmed_at timestamptz,
  phone_change text default ''::varchar,
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  -- Generated: inserting a value into it is an error.
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0,
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false,
  constraint users_pkey primary key (id),
  constraint users_phone_key unique (phone),
  constraint users_email_change_confirm_status_check
    check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2)
);
comment on table auth.users is 'Auth: login data of every user, kept in a schema the Data API does not expose.';
comment on column auth.users.is_sso_user is
  'Auth: true for accounts that come from SSO; those may share an email address with other accounts.';

-- Email is unique only among non-SSO users (the plain unique constraint on email was dropped).
create unique index users_email_partial_key on auth.users (email) where (is_sso_user = false);
comment on index auth.users_email_partial_key is 'Auth: email uniqueness, applied only where is_sso_user is false.';
-- The token indexes skip values made only of digits and spaces, so any number of users can hold '' (or a numeric OTP).
create unique index confirmation_token_idx on auth.users (confirmation_token)
  where confirmation_token !~ '^[0-9 ]*$';
create unique index recovery_token_idx on auth.users (recovery_token)
  where recovery_token !~ '^[0-9 ]*$';
create unique index email_change_token_current_idx on auth.users (email_change_token_current)
  where email_change_token_current !~ '^[0-9 ]*$';
create unique index email_change_token_new_idx on auth.users (email_change_token_new)
  where email_change_token_new !~ '^[0-9 ]*$';
create unique index reauthentication_token_idx on auth.users (reauthentication_token)
  where reauthentication_token !~ '^[0-9 ]*$';
create index users_instance_id_email_idx on auth.users (instance_id, lower(email));
create index users_instance_id_idx on auth.users (instance_id);
create index users_is_anonymous_idx on auth.users (is_anonymous);

create table auth.identities (
  -- The provider's id for the user; for provider 'email' GoTrue stores the user's own id as text.
  provider_id text not null,
  user_id uuid not null,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  -- Generated: inserting a value into it is an error.
  email text generated always as (lower(identity_data ->> 'email')) stored,
  -- Added last (the old text id became provider_id), hence its place at the end of the column list.
  id uuid not null default gen_random_uuid(),
  constraint identities_pkey primary key (id),
  constraint identities_provider_id_provider_unique unique (provider_id, provider),
  constraint identities_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);
comment on table auth.identities is 'Auth: the identities (email, phone, OAuth providers, ...) linked to each user.';
comment on column auth.identities.email is 'Auth: generated from the optional email property of identity_data.';
create index identities_email_idx on auth.identities (email text_pattern_ops);
comment on index auth.identities_email_idx is 'Auth: makes lookups and prefix searches on email indexed.';
create index identities_user_id_idx on auth.identities (user_id);

-- ---------------------------------------------------------------------------------------------------------------------
-- OAuth server (Supabase as the authorization server); oauth_clients comes first because sessions refers to it
-- ---------------------------------------------------------------------------------------------------------------------

create table auth.oauth_clients (
  -- The id doubles as the public client_id (the separate client_id column was dropped).
  id uuid not null,
  -- Null for public clients, which have no secret.
  client_secret_hash text,
  registration_type auth.oauth_registration_type not null,
  redirect_uris text not null,
  grant_types text not null,
  client_name text,
  client_uri text,
  logo_uri text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  client_type auth.oauth_client_type not null default 'confidential',
  -- No default: the service decides ('none' for public clients, 'client_secret_basic' otherwise).
  token_endpoint_auth_method text not null
    check (token_endpoint_auth_method in ('client_secret_basic', 'client_secret_post', 'none')),
  constraint oauth_clients_pkey primary key (id),
  constraint oauth_clients_client_name_length check (char_length(client_name) <= 1024),
  constraint oauth_clients_client_uri_length check (char_length(client_uri) <= 2048),
  constraint oauth_clients_logo_uri_length check (char_length(logo_uri) <= 2048)
);
create index oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);

create table auth.oauth_authorizations (
  id uuid not null,
  authorization_id text not null,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  user_id uuid references auth.users (id) on delete cascade,
  redirect_uri text not null,
  scope text not null,
  state text,
  resource text,
  code_challenge text,
  code_challenge_method auth.code_challenge_method,
  response_type auth.oauth_response_type not null default 'code',
  status auth.oauth_authorization_status not null default 'pending',
  authorization_code text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default (now() + interval '3 minutes'),
  approved_at timestamptz,
  nonce text,
  constraint oauth_authorizations_pkey primary key (id),
  constraint oauth_authorizations_authorization_id_key unique (authorization_id),
  constraint oauth_authorizations_authorization_code_key unique (authorization_code),
  constraint oauth_authorizations_redirect_uri_length check (char_length(redirect_uri) <= 2048),
  constraint oauth_authorizations_scope_length check (char_length(scope) <= 4096),
  constraint oauth_authorizations_state_length check (char_length(state) <= 4096),
  constraint oauth_authorizations_resource_length check (char_length(resource) <= 2048),
  constraint oauth_authorizations_code_challenge_length check (char_length(code_challenge) <= 128),
  constraint oauth_authorizations_authorization_code_length check (char_length(authorization_code) <= 255),
  constraint oauth_authorizations_expires_at_future check (expires_at > created_at),
  constraint oauth_authorizations_nonce_length check (char_length(nonce) <= 255)
);
create index oauth_auth_pending_exp_idx on auth.oauth_authorizations (expires_at) where status = 'pending';

create table auth.oauth_consents (
  id uuid not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  scopes text not null,
  granted_at timestamptz not null default now(),
  revoked_at timestamptz,
  constraint oauth_consents_pkey primary key (id),
  constraint oauth_consents_user_client_unique unique (user_id, client_id),
  constraint oauth_consents_scopes_length check (char_length(scopes) <= 2048),
  constraint oauth_consents_scopes_not_empty check (char_length(trim(scopes)) > 0),
  constraint oauth_consents_revoked_after_granted check (revoked_at is null or revoked_at >= granted_at)
);
create index oauth_consents_active_user_client_idx on auth.oauth_consents (user_id, client_id)
  where revoked_at is null;
create index oauth_consents_user_order_idx on auth.oauth_consents (user_id, granted_at desc);
create index oauth_consents_active_client_idx on auth.oauth_consents (client_id) where revoked_at is null;

-- ---------------------------------------------------------------------------------------------------------------------
-- Sessions and refresh tokens
-- ---------------------------------------------------------------------------------------------------------------------

create table auth.sessions (
  id uuid not null,
  user_id uuid not null,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  -- Without time zone, unlike every other timestamp here.
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text,
  oauth_client_id uuid,
  refresh_token_hmac_key text,
  refresh_token_counter bigint,
  scopes text,
  constraint sessions_pkey primary key (id),
  constraint sessions_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade,
  constraint sessions_oauth_client_id_fkey foreign key (oauth_client_id)
    references auth.oauth_clients (id) on delete cascade,
  constraint sessions_scopes_length check (char_length(scopes) <= 4096)
);
comment on table auth.sessions is 'Auth: sessions of signed-in users.';
comment on column auth.sessions.not_after is 'Auth: when set, the session counts as expired after this moment.';
comment on column auth.sessions.refresh_token_hmac_key is 'HMAC-SHA256 key that signs this session''s refresh tokens.';
comment on column auth.sessions.refresh_token_counter is 'Counter (id) of the refresh token issued last.';
create index sessions_not_after_idx on auth.sessions (not_after desc);
create index sessions_oauth_client_id_idx on auth.sessions (oauth_client_id);
create index sessions_user_id_idx on auth.sessions (user_id);
create index user_id_created_at_idx on auth.sessions (user_id, created_at);

create table auth.refresh_tokens (
  instance_id uuid,
  id bigserial not null,
  token varchar(255),
  -- Text, with no foreign key to auth.users.
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid,
  constraint refresh_tokens_pkey primary key (id),
  constraint refresh_tokens_token_unique unique (token),
  constraint refresh_tokens_session_id_fkey foreign key (session_id) references auth.sessions (id) on delete cascade
);
comment on table auth.refresh_tokens is 'Auth: tokens that trade an expired JWT for a new one.';
create index refresh_tokens_instance_id_idx on auth.refresh_tokens (instance_id);
create index refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens (instance_id, user_id);
create index refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index refresh_tokens_updated_at_idx on auth.refresh_tokens (updated_at desc);

-- ---------------------------------------------------------------------------------------------------------------------
-- Multi-factor authentication
-- ---------------------------------------------------------------------------------------------------------------------

create table auth.mfa_factors (
  id uuid not null,
  user_id uuid not null,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  -- NOT NULL and no default: the service always sets them.
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb,
  constraint mfa_factors_pkey primary key (id),
  constraint mfa_factors_last_challenged_at_key unique (last_challenged_at),
  constraint mfa_factors_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);
comment on table auth.mfa_factors is 'auth: the MFA factors each user enrolled';
comment on column auth.mfa_factors.last_webauthn_challenge_data is
  'Latest WebAuthn challenge data (attestation or assertion), kept so it can be verified.';
create unique index mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id)
  where trim(friendly_name) <> '';
create index mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create index factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create unique index unique_phone_factor_per_user on auth.mfa_factors (user_id, phone);

create table auth.mfa_challenges (
  id uuid not null,
  factor_id uuid not null,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb,
  constraint mfa_challenges_pkey primary key (id),
  constraint mfa_challenges_auth_factor_id_fkey foreign key (factor_id)
    references auth.mfa_factors (id) on delete cascade
);
comment on table auth.mfa_challenges is 'auth: the challenges issued for MFA factors';
create index mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

create table auth.mfa_amr_claims (
  session_id uuid not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null,
  -- The primary key is amr_id_pk; the constraint named ..._pkey is only a UNIQUE constraint.
  constraint amr_id_pk primary key (id),
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method),
  constraint mfa_amr_claims_session_id_fkey foreign key (session_id) references auth.sessions (id) on delete cascade
);
comment on table auth.mfa_amr_claims is 'auth: the authentication methods (amr claims) each session was established with';

-- ---------------------------------------------------------------------------------------------------------------------
-- One-time tokens, login flow state
-- ---------------------------------------------------------------------------------------------------------------------

create table auth.one_time_tokens (
  id uuid not null,
  user_id uuid not null,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  -- Without time zone.
  created_at timestamp not null default now(),
  updated_at timestamp not null default now(),
  constraint one_time_tokens_pkey primary key (id),
  constraint one_time_tokens_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);
create index one_time_tokens_token_hash_hash_idx on auth.one_time_tokens using hash (token_hash);
create index one_time_tokens_relates_to_hash_idx on auth.one_time_tokens using hash (relates_to);
create unique index one_time_tokens_user_id_token_type_key on auth.one_time_tokens (user_id, token_type);

create table auth.flow_state (
  id uuid not null,
  user_id uuid,
  auth_code text,
  code_challenge_method auth.code_challenge_method,
  code_challenge text,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz,
  invite_token text,
  referrer text,
  -- No foreign keys on these two.
  oauth_client_state_id uuid,
  linking_target_id uuid,
  email_optional boolean not null default false,
  constraint flow_state_pkey primary key (id)
);
comment on table auth.flow_state is 'Metadata of OAuth and SSO login flows in progress';
create index idx_auth_code on auth.flow_state (auth_code);
create index idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);
create index flow_state_created_at_idx on auth.flow_state (created_at desc);

-- State of logins where Supabase is the OAuth client of a third-party provider.
create table auth.oauth_client_states (
  id uuid not null,
  provider_type text not null,
  code_verifier text,
  created_at timestamptz not null,
  constraint oauth_client_states_pkey primary key (id)
);
comment on table auth.oauth_client_states is
  'OAuth state of third-party provider logins in which Supabase acts as the OAuth client.';
create index idx_oauth_client_states_created_at on auth.oauth_client_states (created_at);

-- ---------------------------------------------------------------------------------------------------------------------
-- Enterprise SSO (SAML)
-- ---------------------------------------------------------------------------------------------------------------------

create table auth.sso_providers (
  id uuid not null,
  resource_id text,
  created_at timestamptz,
  updated_at timestamptz,
  disabled boolean,
  constraint sso_providers_pkey primary key (id),
  -- Upstream compares with "= null" instead of "is null", which makes this check accept everything, '' included.
  -- Kept as upstream has it.
  constraint "resource_id not empty" check (resource_id = null or char_length(resource_id) > 0)
);
comment on table auth.sso_providers is 'Auth: SSO identity providers; SAML details are in saml_providers.';
comment on column auth.sso_providers.resource_id is
  'Auth: optional user-chosen, case-insensitive unique id of the provider (handy for infrastructure as code).';
create unique index sso_providers_resource_id_idx on auth.sso_providers (lower(resource_id));
create index sso_providers_resource_id_pattern_idx on auth.sso_providers (resource_id text_pattern_ops);

create table auth.sso_domains (
  id uuid not null,
  sso_provider_id uuid not null,
  domain text not null,
  created_at timestamptz,
  updated_at timestamptz,
  constraint sso_domains_pkey primary key (id),
  constraint sso_domains_sso_provider_id_fkey foreign key (sso_provider_id)
    references auth.sso_providers (id) on delete cascade,
  constraint "domain not empty" check (char_length(domain) > 0)
);
comment on table auth.sso_domains is 'Auth: which email domains sign in through which SSO identity provider.';
create index sso_domains_sso_provider_id_idx on auth.sso_domains (sso_provider_id);
create unique index sso_domains_domain_idx on auth.sso_domains (lower(domain));

create table auth.saml_providers (
  id uuid not null,
  sso_provider_id uuid not null,
  entity_id text not null,
  metadata_xml text not null,
  metadata_url text,
  attribute_mapping jsonb,
  created_at timestamptz,
  updated_at timestamptz,
  name_id_format text,
  constraint saml_providers_pkey primary key (id),
  constraint saml_providers_entity_id_key unique (entity_id),
  constraint saml_providers_sso_provider_id_fkey foreign key (sso_provider_id)
    references auth.sso_providers (id) on delete cascade,
  constraint "metadata_xml not empty" check (char_length(metadata_xml) > 0),
  -- Same "= null" quirk as on sso_providers: this one accepts '' too.
  constraint "metadata_url not empty" check (metadata_url = null or char_length(metadata_url) > 0),
  constraint "entity_id not empty" check (char_length(entity_id) > 0)
);
comment on table auth.saml_providers is 'Auth: connections to SAML identity providers.';
create index saml_providers_sso_provider_id_idx on auth.saml_providers (sso_provider_id);

create table auth.saml_relay_states (
  id uuid not null,
  sso_provider_id uuid not null,
  request_id text not null,
  for_email text,
  redirect_to text,
  created_at timestamptz,
  updated_at timestamptz,
  flow_state_id uuid,
  constraint saml_relay_states_pkey primary key (id),
  constraint saml_relay_states_sso_provider_id_fkey foreign key (sso_provider_id)
    references auth.sso_providers (id) on delete cascade,
  constraint saml_relay_states_flow_state_id_fkey foreign key (flow_state_id)
    references auth.flow_state (id) on delete cascade,
  constraint "request_id not empty" check (char_length(request_id) > 0)
);
comment on table auth.saml_relay_states is 'Auth: SAML relay state of each login started by the service provider.';
create index saml_relay_states_sso_provider_id_idx on auth.saml_relay_states (sso_provider_id);
create index saml_relay_states_for_email_idx on auth.saml_relay_states (for_email);
create index saml_relay_states_created_at_idx on auth.saml_relay_states (created_at desc);

-- ---------------------------------------------------------------------------------------------------------------------
-- Custom OAuth/OIDC providers
-- ---------------------------------------------------------------------------------------------------------------------

create table auth.custom_oauth_providers (
  id uuid not null default gen_random_uuid(),
  provider_type text not null check (provider_type in ('oauth2', 'oidc')),
  identifier text not null,
  name text not null,
  client_id text not null,
  -- Encrypted by the service before it is stored.
  client_secret text not null,
  acceptable_client_ids text[] not null default '{}',
  scopes text[] not null default '{}',
  pkce_enabled boolean not null default true,
  attribute_mapping jsonb not null default '{}',
  authorization_params jsonb not null default '{}',
  enabled boolean not null default true,
  email_optional boolean not null default false,
  -- OIDC only.
  issuer text,
  discovery_url text,
  skip_nonce_check boolean not null default false,
  cached_discovery jsonb,
  discovery_cached_at timestamptz,
  -- OAuth2 only.
  authorization_url text,
  token_url text,
  userinfo_url text,
  jwks_uri text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint custom_oauth_providers_pkey primary key (id),
  constraint custom_oauth_providers_identifier_key unique (identifier),
  constraint custom_oauth_providers_oidc_requires_issuer check (provider_type <> 'oidc' or issuer is not null),
  constraint custom_oauth_providers_oidc_issuer_https
    check (provider_type <> 'oidc' or issuer is null or issuer like 'https://%'),
  constraint custom_oauth_providers_oidc_discovery_url_https
    check (provider_type <> 'oidc' or discovery_url is null or discovery_url like 'https://%'),
  constraint custom_oauth_providers_oauth2_requires_endpoints check (
    provider_type <> 'oauth2'
    or (authorization_url is not null and token_url is not null and userinfo_url is not null)
  ),
  constraint custom_oauth_providers_authorization_url_https
    check (authorization_url is null or authorization_url like 'https://%'),
  constraint custom_oauth_providers_token_url_https check (token_url is null or token_url like 'https://%'),
  constraint custom_oauth_providers_userinfo_url_https check (userinfo_url is null or userinfo_url like 'https://%'),
  constraint custom_oauth_providers_jwks_uri_https check (jwks_uri is null or jwks_uri like 'https://%'),
  constraint custom_oauth_providers_identifier_format check (identifier ~ '^[a-z0-9][a-z0-9:-]{0,48}[a-z0-9]$'),
  constraint custom_oauth_providers_name_length check (char_length(name) >= 1 and char_length(name) <= 100),
  constraint custom_oauth_providers_issuer_length
    check (issuer is null or (char_length(issuer) >= 1 and char_length(issuer) <= 2048)),
  constraint custom_oauth_providers_discovery_url_length
    check (discovery_url is null or char_length(discovery_url) <= 2048),
  constraint custom_oauth_providers_authorization_url_length
    check (authorization_url is null or char_length(authorization_url) <= 2048),
  constraint custom_oauth_providers_token_url_length check (token_url is null or char_length(token_url) <= 2048),
  constraint custom_oauth_providers_userinfo_url_length
    check (userinfo_url is null or char_length(userinfo_url) <= 2048),
  constraint custom_oauth_providers_jwks_uri_length check (jwks_uri is null or char_length(jwks_uri) <= 2048),
  constraint custom_oauth_providers_client_id_length
    check (char_length(client_id) >= 1 and char_length(client_id) <= 512)
);
create index custom_oauth_providers_identifier_idx on auth.custom_oauth_providers (identifier);
create index custom_oauth_providers_provider_type_idx on auth.custom_oauth_providers (provider_type);
create index custom_oauth_providers_enabled_idx on auth.custom_oauth_providers (enabled);
create index custom_oauth_providers_created_at_idx on auth.custom_oauth_providers (created_at);

-- ---------------------------------------------------------------------------------------------------------------------
-- Passkeys (WebAuthn)
-- ---------------------------------------------------------------------------------------------------------------------

create table auth.webauthn_credentials (
  id uuid not null default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  credential_id bytea not null,
  public_key bytea not null,
  attestation_type text not null default '',
  aaguid uuid,
  sign_count bigint not null default 0,
  transports jsonb not null default '[]',
  backup_eligible boolean not null default false,
  backed_up boolean not null default false,
  friendly_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used_at timestamptz,
  constraint webauthn_credentials_pkey primary key (id)
);
-- A unique index, not a unique constraint.
create unique index webauthn_credentials_credential_id_key on auth.webauthn_credentials (credential_id);
create index webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);

create table auth.webauthn_challenges (
  id uuid not null default gen_random_uuid(),
  -- Nullable: a sign-up or usernameless sign-in challenge exists before the user is known.
  user_id uuid references auth.users (id) on delete cascade,
  challenge_type text not null check (challenge_type in ('signup', 'registration', 'authentication')),
  session_data jsonb not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  constraint webauthn_challenges_pkey primary key (id)
);
create index webauthn_challenges_user_id_idx on auth.webauthn_challenges (user_id);
create index webauthn_challenges_expires_at_idx on auth.webauthn_challenges (expires_at);

-- ---------------------------------------------------------------------------------------------------------------------
-- Helper functions for RLS policies. Each reads the legacy per-claim setting first, then the JSON claims that
-- PostgREST (request.jwt.claims) sets; an empty setting counts as missing, and with neither they return null.
-- ---------------------------------------------------------------------------------------------------------------------

create function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'
  )::uuid
$$;
comment on function auth.uid() is 'Deprecated: prefer reading the claim from auth.jwt(), e.g. auth.jwt() ->> ''sub''.';

create function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'
  )::text
$$;
comment on function auth.role() is 'Deprecated: prefer reading the claim from auth.jwt(), e.g. auth.jwt() ->> ''role''.';

create function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'
  )::text
$$;
comment on function auth.email() is 'Deprecated: prefer reading the claim from auth.jwt(), e.g. auth.jwt() ->> ''email''.';

create function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

-- ---------------------------------------------------------------------------------------------------------------------
-- Row-level security: on, with no policies, for the tables that existed when Auth switched it on (2024). Tables added
-- since (oauth_*, custom_oauth_providers, webauthn_*) do not have it upstream either.
-- ---------------------------------------------------------------------------------------------------------------------

alter table auth.schema_migrations enable row level security;
alter table auth.instances enable row level security;
alter table auth.users enable row level security;
alter table auth.audit_log_entries enable row level security;
alter table auth.saml_relay_states enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.mfa_factors enable row level security;
alter table auth.sessions enable row level security;
alter table auth.sso_providers enable row level security;
alter table auth.sso_domains enable row level security;
alter table auth.mfa_challenges enable row level security;
alter table auth.mfa_amr_claims enable row level security;
alter table auth.saml_providers enable row level security;
alter table auth.flow_state enable row level security;
alter table auth.identities enable row level security;
alter table auth.one_time_tokens enable row level security;

-- ---------------------------------------------------------------------------------------------------------------------
-- Privileges beyond the default ones (postgres and dashboard_user already have ALL on every table and sequence and
-- EXECUTE on every function here, through the default privileges above).
-- ---------------------------------------------------------------------------------------------------------------------

-- On the same (older) tables, postgres may also pass SELECT on, e.g. to grant it to a role of its own.
grant select on
  auth.schema_migrations, auth.instances, auth.users, auth.audit_log_entries, auth.saml_relay_states,
  auth.refresh_tokens, auth.mfa_factors, auth.sessions, auth.sso_providers, auth.sso_domains, auth.mfa_challenges,
  auth.mfa_amr_claims, auth.saml_providers, auth.flow_state, auth.identities, auth.one_time_tokens
  to postgres with grant option;

-- The migration history is read-only for postgres and out of reach of the dashboard.
revoke all on auth.schema_migrations from postgres, dashboard_user;
grant select on auth.schema_migrations to postgres with grant option;

-- uid/role/email predate the default privileges on Supabase, so postgres has no explicit grant on them (only the
-- PUBLIC one every function has); jwt() came later and has it.
revoke all on function auth.uid(), auth.role(), auth.email() from postgres;

reset role;

-- ---------------------------------------------------------------------------------------------------------------------
-- Migration history as a Supabase database has it: the seven versions the database image records for the legacy
-- Netlify GoTrue schema, then one row per supabase/auth migration up to v2.189 ('00' is 00_init_auth_schema).
-- With these rows a real GoTrue v2.189 pointed at this database finds nothing left to migrate.
-- ---------------------------------------------------------------------------------------------------------------------

insert into auth.schema_migrations (version) values
  ('20171026211738'), ('20171026211808'), ('20171026211834'), ('20180103212743'), ('20180108183307'),
  ('20180119214651'), ('20180125194653'),
  ('00'),
  ('20210710035447'), ('20210722035447'), ('20210730183235'), ('20210909172000'), ('20210927181326'),
  ('20211122151130'), ('20211124214934'), ('20211202183645'), ('20220114185221'), ('20220114185340'),
  ('20220224000811'), ('20220323170000'), ('20220429102000'), ('20220531120530'), ('20220614074223'),
  ('20220811173540'), ('20221003041349'), ('20221003041400'), ('20221011041400'), ('20221020193600'),
  ('20221021073300'), ('20221021082433'), ('20221027105023'), ('20221114143122'), ('20221114143410'),
  ('20221125140132'), ('20221208132122'), ('20221215195500'), ('20221215195800'), ('20221215195900'),
  ('20230116124310'), ('20230116124412'), ('20230131181311'), ('20230322519590'), ('20230402418590'),
  ('20230411005111'), ('20230508135423'), ('20230523124323'), ('20230818113222'), ('20230914180801'),
  ('20231027141322'), ('20231114161723'), ('20231117164230'), ('20240115144230'), ('20240214120130'),
  ('20240306115329'), ('20240314092811'), ('20240427152123'), ('20240612123726'), ('20240729123726'),
  ('20240802193726'), ('20240806073726'), ('20241009103726'), ('20250717082212'), ('20250731150234'),
  ('20250804100000'), ('20250901200500'), ('20250903112500'), ('20250904133000'), ('20250925093508'),
  ('20251007112900'), ('20251104100000'), ('20251111201300'), ('20251201000000'), ('20260115000000'),
  ('20260121000000'), ('20260219120000'), ('20260302000000');
