-- The school's public page: owners edit the logo, accent colour and about text; instructors, learners and visitors
-- cannot; an unreadable colour, a malformed one and a too long about are refused with the form's sentences;
-- everyone reads a published school's page (public fields and the instructors of its catalog courses), nobody an
-- unknown or unpublished one; owners alone write logos under schools/{school_id}/ in the course-covers bucket.
begin;
select plan(30);

select tests.create_course_fixture();

-- editing: owner allowed ------------------------------------------------------------------------------------------
select tests.authenticate_as('owner');
select results_eq(
  $$update public.schools set about_md = 'We teach **mountains**.', accent_color = '#0f766e'
    where slug = 'alpine-academy' returning about_md, accent_color$$,
  $$values ('We teach **mountains**.', '#0f766e')$$,
  'an owner edits the about text and the accent colour'
);
select results_eq(
  $$update public.schools set accent_color = '#fbbf24' where slug = 'alpine-academy' returning accent_color$$,
  array['#fbbf24'],
  'a light colour that dark text reads on is accepted'
);
select results_eq(
  format(
    $$update public.schools set logo_path = 'schools/%s/logo-1.jpg' where slug = 'alpine-academy' returning logo_path$$,
    tests.school_id('alpine-academy')
  ),
  array[format('schools/%s/logo-1.jpg', tests.school_id('alpine-academy'))],
  'an owner points the school at a logo in its own folder'
);
select throws_ok(
  format(
    $$update public.schools set logo_path = 'schools/%s/logo.jpg' where slug = 'alpine-academy'$$,
    tests.school_id('beacon-school')
  ),
  '23514', null, 'a logo path in another school''s folder is refused'
);
select throws_ok(
  $$update public.schools set created_at = now() where slug = 'alpine-academy'$$,
  '42703', null, 'the page columns are all an owner adds to what they may change'
);

-- editing: refusals with the form's sentences ---------------------------------------------------------------------
select throws_matching(
  $$update public.schools set accent_color = '#777777' where slug = 'alpine-academy'$$,
  '"code": "validation_failed".*"accent_color": "Choose a colour with at least 4\.5:1 contrast against white or against dark text: this one is hard to read with either\."',
  'a mid grey (4.48:1 on white) is refused with the contrast sentence'
);
select throws_matching(
  $$update public.schools set accent_color = 'teal' where slug = 'alpine-academy'$$,
  '"accent_color": "Enter the colour as a hex code such as #0f766e\."',
  'a colour that is not #rrggbb is refused'
);
select throws_matching(
  $$update public.schools set about_md = repeat('a', 5001) where slug = 'alpine-academy'$$,
  '"about_md": "The about text can be at most 5,000 characters\."',
  'an about text over 5,000 characters is refused'
);
select lives_ok(
  $$update public.schools set about_md = repeat('a', 5000) where slug = 'alpine-academy'$$,
  'exactly 5,000 characters are fine'
);

-- the constraints hold for every writer, even with triggers off
select tests.clear_authentication();
set local session_replication_role = replica;
select throws_ok(
  $$update public.schools set accent_color = '#ff0000' where slug = 'alpine-academy'$$,
  '23514', null, 'the contrast rule is a constraint of the table'
);
select throws_ok(
  $$update public.schools set about_md = repeat('a', 5001) where slug = 'alpine-academy'$$,
  '23514', null, 'the length rule is a constraint of the table'
);
set local session_replication_role = origin;

-- editing: denied -------------------------------------------------------------------------------------------------
select tests.authenticate_as('instructor');
select is_empty(
  $$update public.schools set about_md = 'Hijacked' where slug = 'alpine-academy' returning id$$,
  'an instructor cannot edit the school page'
);
select tests.authenticate_as('enrolled');
select is_empty(
  $$update public.schools set accent_color = '#000000' where slug = 'alpine-academy' returning id$$,
  'a learner cannot edit the school page'
);
select tests.authenticate_as('other_owner');
select is_empty(
  $$update public.schools set about_md = 'Hijacked' where slug = 'alpine-academy' returning id$$,
  'the owner of another school cannot edit it'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$update public.schools set about_md = 'Hijacked' where slug = 'alpine-academy'$$,
  '42501', null, 'a visitor cannot edit a school'
);
select tests.clear_authentication();
select results_eq(
  $$select about_md from public.schools where slug = 'alpine-academy'$$,
  array[repeat('a', 5000)],
  'nothing but the owner''s last edit reached the row'
);

-- reading ---------------------------------------------------------------------------------------------------------
update public.schools set about_md = 'We teach **mountains**.', accent_color = '#0f766e' where slug = 'alpine-academy';
select tests.authenticate_as_anon();
select results_eq(
  $$select name, accent_color, about_md from public.schools where slug = 'alpine-academy'$$,
  $$values ('Alpine Academy', '#0f766e', 'We teach **mountains**.')$$,
  'visitors read a published school''s page columns'
);
select results_eq(
  $$select public.school_page('alpine-academy') - 'id' - 'logo_path'$$,
  $$values ('{"name": "Alpine Academy", "slug": "alpine-academy", "about_md": "We teach **mountains**.",
    "accent_color": "#0f766e", "accent_text": "white", "viewer": {"is_owner": false},
    "instructors": [{"role": "owner", "avatar_path": null, "display_name": "Olga Owner"},
                    {"role": "instructor", "avatar_path": null, "display_name": "Ivan Instructor"}]}'::jsonb)$$,
  'a visitor gets the page: public fields, the text colour for the accent, the instructors of its published courses'
);
select throws_matching(
  $$select public.school_page('no-such-school')$$, '"code": "school_not_found"', 'an unknown school is not found'
);
-- Beacon's only course goes back to draft: the school has no published course any more.
select tests.clear_authentication();
update public.courses set status = 'draft', published_at = null where slug = 'beacon-basics';
select tests.authenticate_as_anon();
select throws_matching(
  $$select public.school_page('beacon-school')$$, '"code": "school_not_found"',
  'a school without a published course is not found by visitors'
);
select tests.authenticate_as('learner');
select throws_matching(
  $$select public.school_page('beacon-school')$$, '"code": "school_not_found"',
  'nor by signed-in strangers'
);
select tests.authenticate_as('other_owner');
select is(
  public.school_page('beacon-school') -> 'instructors', '[]'::jsonb,
  'its owner sees the page, with nobody listed until a course is published'
);
select tests.authenticate_as('owner');
select is(
  (public.school_page('alpine-academy') -> 'viewer' ->> 'is_owner')::boolean, true,
  'the page tells its owner they may edit it'
);

-- logos in storage ------------------------------------------------------------------------------------------------
select tests.authenticate_as('owner');
select lives_ok(
  format($$insert into storage.objects (bucket_id, name) values ('course-covers', 'schools/%s/logo-2.jpg')$$, tests.school_id('alpine-academy')),
  'an owner uploads a logo under the school''s folder'
);
select tests.authenticate_as('instructor');
select throws_ok(
  format($$insert into storage.objects (bucket_id, name) values ('course-covers', 'schools/%s/logo-3.jpg')$$, tests.school_id('alpine-academy')),
  '42501', null, 'an instructor cannot upload the school''s logo'
);
select tests.authenticate_as('other_owner');
select throws_ok(
  format($$insert into storage.objects (bucket_id, name) values ('course-covers', 'schools/%s/logo-3.jpg')$$, tests.school_id('alpine-academy')),
  '42501', null, 'another school''s owner cannot upload it either'
);
select tests.authenticate_as('owner');
select throws_ok(
  format($$insert into storage.objects (bucket_id, name) values ('course-covers', 'schools/%s/logo.svg')$$, tests.school_id('alpine-academy')),
  '42501', null, 'a logo is an image of the bucket''s types (no SVG)'
);

select tests.authenticate_as('instructor');
select is_empty(
  format($$delete from storage.objects where bucket_id = 'course-covers' and name = 'schools/%s/logo-2.jpg' returning name$$, tests.school_id('alpine-academy')),
  'an instructor cannot remove the school''s logo'
);
select tests.authenticate_as_anon();
select is_empty(
  format($$delete from storage.objects where bucket_id = 'course-covers' and name = 'schools/%s/logo-2.jpg' returning name$$, tests.school_id('alpine-academy')),
  'nor can a visitor'
);
select tests.authenticate_as('owner');
select results_eq(
  format($$delete from storage.objects where bucket_id = 'course-covers' and name = 'schools/%s/logo-2.jpg' returning name$$, tests.school_id('alpine-academy')),
  array[format('schools/%s/logo-2.jpg', tests.school_id('alpine-academy'))],
  'an owner removes a replaced logo'
);

select * from finish();
rollback;
