-- schools: members read; anyone signed in creates one (and becomes its owner); owners edit; owners delete with aal2.
begin;
select plan(25);

select tests.create_school_fixture();

-- anon ---------------------------------------------------------------------------------------------------------
select tests.authenticate_as_anon();
select is_empty('select slug from public.schools', 'anon sees no school without a published course');
select throws_ok(
  'select created_by from public.schools', '42703', null, 'who created a school is not part of its row'
);
select throws_ok(
  $$insert into public.schools (slug, name) values ('anon-school', 'Anon School')$$,
  '42501', null, 'anon cannot create a school'
);

-- reading -------------------------------------------------------------------------------------------------------
select tests.authenticate_as('learner');
select is_empty('select id from public.schools', 'a learner who teaches nowhere sees no school');

select tests.authenticate_as('owner');
select results_eq('select slug from public.schools', array['alpine-academy'], 'an owner sees their school');

select tests.authenticate_as('instructor');
select results_eq('select slug from public.schools', array['alpine-academy'], 'an instructor sees their school');

select tests.authenticate_as('other_owner');
select results_eq(
  'select slug from public.schools', array['beacon-school'],
  'the owner of another school does not see school A'
);

-- creating ------------------------------------------------------------------------------------------------------
select tests.authenticate_as('learner');
select lives_ok(
  $$insert into public.schools (slug, name) values ('lenas-lab', 'Lena''s Lab')$$,
  'a signed-in user creates a school'
);
select results_eq(
  $$select role::text from public.school_members
    where school_id = tests.school_id('lenas-lab') and user_id = tests.get_user_id('learner')$$,
  array['owner'],
  'the creator becomes the school''s owner'
);
select throws_ok(
  $$insert into public.schools (slug, name, created_by) values ('fake-school', 'Fake School', tests.get_user_id('owner'))$$,
  '42703', null, 'nobody names a school''s creator: it is whoever is signed in'
);
select results_eq(
  $$insert into public.schools (slug, name) values ('lenas-second', 'Lena''s Second') returning slug, name$$,
  $$values ('lenas-second', 'Lena''s Second')$$,
  'the creator reads their new school back in the same statement'
);
select lives_ok(
  $$insert into public.schools (slug, name) values ('lenas-third', 'Lena''s Third') returning *$$,
  'with every column (supabase-js .insert().select())'
);
select throws_ok('select * from private.school_creations', '42501', null, 'who created which school is not readable');
select tests.clear_authentication();
select results_eq(
  $$select created_by from private.school_creations where school_id = tests.school_id('lenas-lab')$$,
  array[tests.get_user_id('learner')], 'the creation is recorded with the signed-in creator'
);
select tests.authenticate_as('learner');
select throws_ok(
  $$insert into public.schools (slug, name) values ('Bad Slug!', 'Bad Slug')$$,
  '23514', null, 'a malformed slug is refused'
);
select throws_ok(
  $$insert into public.schools (slug, name) values ('alpine-academy', 'Copycat')$$,
  '23505', null, 'school slugs are unique'
);
select throws_ok(
  $$insert into public.schools (slug, name) values ('tiny-name', 'ab')$$,
  '23514', null, 'a name shorter than 3 characters is refused'
);

-- updating ------------------------------------------------------------------------------------------------------
select tests.authenticate_as('owner');
select results_eq(
  $$with changed as (update public.schools set name = 'Alpine Academy of Music'
    where slug = 'alpine-academy' returning 1) select count(*)::int from changed$$,
  array[1], 'an owner renames their school'
);
select tests.authenticate_as('instructor');
select results_eq(
  $$with changed as (update public.schools set name = 'Ivan''s Academy'
    where slug = 'alpine-academy' returning 1) select count(*)::int from changed$$,
  array[0], 'an instructor cannot rename the school'
);
select tests.authenticate_as('other_owner');
select results_eq(
  $$with changed as (update public.schools set name = 'Taken Over'
    where slug = 'alpine-academy' returning 1) select count(*)::int from changed$$,
  array[0], 'the owner of another school cannot rename school A'
);

-- deleting ------------------------------------------------------------------------------------------------------
select tests.authenticate_as('owner', 'aal1');
select results_eq(
  $$with gone as (delete from public.schools where slug = 'alpine-academy' returning 1) select count(*)::int from gone$$,
  array[0], 'an owner without a second factor cannot delete the school'
);
select tests.authenticate_as('instructor', 'aal2');
select results_eq(
  $$with gone as (delete from public.schools where slug = 'alpine-academy' returning 1) select count(*)::int from gone$$,
  array[0], 'an instructor cannot delete the school, even with a second factor'
);
select tests.authenticate_as('other_owner', 'aal2');
select results_eq(
  $$with gone as (delete from public.schools where slug = 'alpine-academy' returning 1) select count(*)::int from gone$$,
  array[0], 'the owner of another school cannot delete school A'
);
select tests.authenticate_as('owner', 'aal2');
select results_eq(
  $$with gone as (delete from public.schools where slug = 'alpine-academy' returning 1) select count(*)::int from gone$$,
  array[1], 'an owner with a second factor deletes the school'
);
select tests.clear_authentication();
select is_empty(
  $$select 1 from public.school_members where school_id not in (select id from public.schools)$$,
  'deleting a school removes its memberships'
);

select * from finish();
rollback;
