// The portal front desk and service hall (001 §2.3, §2.4, §3.13, §4, §7.2; issue 16): one table per
// entity of @campus/schema PORTAL_MODELS, with the columns the models declare (models.test.ts holds
// them to it). Indexes follow the reads: the public calls list a tenant's enabled rows in their
// order, services by category / department, a person's favourites and visits newest first, the
// statistics of a service per day (one row each: the counters are bumped with ON CONFLICT).
import type { MigrationDb } from '../index.ts';
import { AUDIT, runStatements } from '../migrate.ts';

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table blade_portal_config (id bigint primary key, tenant_id varchar(12) not null, config_key varchar(64) not null,
      config_name varchar(100) not null, config_value text, sort int not null default 1, remark varchar(500), ${AUDIT})`,
    `create unique index blade_portal_config_key on blade_portal_config (tenant_id, config_key) where is_deleted = 0`,

    `create table blade_portal_top_menu (id bigint primary key, tenant_id varchar(12) not null, parent_id bigint not null default 0,
      name varchar(100) not null, name_en varchar(200), address_type int not null default 1, open_way int not null default 1,
      jump_address varchar(1000), icon varchar(500), sort int not null default 1, ${AUDIT})`,
    `create index blade_portal_top_menu_tenant on blade_portal_top_menu (tenant_id, parent_id, sort)`,

    `create table blade_portal_slideshow_type (id bigint primary key, tenant_id varchar(12) not null, type_name varchar(100) not null,
      type_code varchar(64) not null, interval int not null default 3000, sort int not null default 1, ${AUDIT})`,
    `create unique index blade_portal_slideshow_type_code on blade_portal_slideshow_type (tenant_id, type_code) where is_deleted = 0`,
    `create table blade_portal_slideshow (id bigint primary key, tenant_id varchar(12) not null, type_id bigint not null,
      title varchar(100) not null, title_en varchar(200), subtitle varchar(200), subtitle_en varchar(400), image_url varchar(1000) not null,
      link_url varchar(1000), open_way int not null default 1, sort int not null default 1, ${AUDIT})`,
    `create index blade_portal_slideshow_type_sort on blade_portal_slideshow (tenant_id, type_id, sort)`,

    `create table blade_portal_service_category (id bigint primary key, tenant_id varchar(12) not null, name varchar(100) not null,
      name_en varchar(200), icon varchar(500), color varchar(16), description varchar(1000), description_en varchar(2000), sort int not null default 1, ${AUDIT})`,
    `create unique index blade_portal_service_category_name on blade_portal_service_category (tenant_id, name) where is_deleted = 0`,
    `create index blade_portal_service_category_tenant on blade_portal_service_category (tenant_id, status, sort)`,

    `create table blade_portal_service (id bigint primary key, tenant_id varchar(12) not null, service_code varchar(32) not null,
      name varchar(100) not null, name_en varchar(200), category_id bigint not null, special_service_id bigint, dept_id bigint,
      item_way int not null default 1, open_way int not null default 1, item_handle varchar(255), item_url varchar(1000), icon varchar(500),
      color varchar(16), summary varchar(500), summary_en varchar(1000), keywords varchar(500), handle_type int not null default 1,
      time_limit varchar(100), time_limit_en varchar(200), handle_address varchar(255), handle_address_en varchar(500), contact_person varchar(64),
      contact_person_en varchar(128), contact_phone varchar(64), fee varchar(255), fee_en varchar(500), introduce text, introduce_en text, materials text,
      steps text, basis text, basis_en text, user_ids text, role_ids text, dept_ids text, post_ids text, validity_mode int not null default 1,
      validity_start varchar(16), validity_end varchar(16), validity_dates text, is_hot int not null default 0, sort int not null default 1, ${AUDIT})`,
    `create unique index blade_portal_service_code on blade_portal_service (tenant_id, service_code) where is_deleted = 0`,
    // the hall lists a tenant's enabled services by category in their order; departments and special services group them
    `create index blade_portal_service_category_sort on blade_portal_service (tenant_id, status, category_id, sort)`,
    `create index blade_portal_service_dept on blade_portal_service (tenant_id, dept_id) where is_deleted = 0`,
    `create index blade_portal_service_special on blade_portal_service (tenant_id, special_service_id) where is_deleted = 0`,
    `create index blade_portal_service_process on blade_portal_service (tenant_id, item_handle) where is_deleted = 0`,

    `create table blade_portal_service_recommend (id bigint primary key, tenant_id varchar(12) not null, service_id bigint not null,
      reason varchar(200), sort int not null default 1, ${AUDIT})`,
    `create unique index blade_portal_service_recommend_service on blade_portal_service_recommend (tenant_id, service_id) where is_deleted = 0`,
    `create table blade_portal_service_package (id bigint primary key, tenant_id varchar(12) not null, name varchar(100) not null,
      name_en varchar(200), icon varchar(500), image_url varchar(1000), description varchar(1000), description_en varchar(2000), service_ids text,
      sort int not null default 1, ${AUDIT})`,
    `create index blade_portal_service_package_tenant on blade_portal_service_package (tenant_id, sort)`,
    `create table blade_portal_through_dept (id bigint primary key, tenant_id varchar(12) not null, dept_id bigint not null,
      name varchar(100) not null, name_en varchar(200), icon varchar(500), description varchar(1000), description_en varchar(2000), contact_phone varchar(64),
      address varchar(255), sort int not null default 1, ${AUDIT})`,
    `create unique index blade_portal_through_dept_dept on blade_portal_through_dept (tenant_id, dept_id) where is_deleted = 0`,
    `create table blade_portal_through_train (id bigint primary key, tenant_id varchar(12) not null, train_type varchar(64) not null,
      train_type_en varchar(128), name varchar(100) not null, name_en varchar(200), icon varchar(500), color varchar(16),
      url varchar(1000) not null, open_way int not null default 3, description varchar(1000), description_en varchar(2000), sort int not null default 1, ${AUDIT})`,
    `create index blade_portal_through_train_tenant on blade_portal_through_train (tenant_id, sort)`,

    `create table blade_portal_floor (id bigint primary key, tenant_id varchar(12) not null, name varchar(100) not null,
      name_en varchar(200), subtitle varchar(200), subtitle_en varchar(400), floor_type int not null default 1, more_url varchar(1000),
      sort int not null default 1, ${AUDIT})`,
    `create index blade_portal_floor_tenant on blade_portal_floor (tenant_id, sort)`,
    `create table blade_portal_column (id bigint primary key, tenant_id varchar(12) not null, floor_id bigint, name varchar(100) not null,
      name_en varchar(200), icon varchar(500), column_type int not null default 1, service_ids text, news_source_id bigint,
      show_count int not null default 8, sort int not null default 1, ${AUDIT})`,
    `create index blade_portal_column_floor on blade_portal_column (tenant_id, floor_id, sort)`,
    `create table blade_portal_precinct (id bigint primary key, tenant_id varchar(12) not null, floor_id bigint, name varchar(100) not null,
      name_en varchar(200), icon varchar(500), image_url varchar(1000), description varchar(1000), description_en varchar(2000), service_ids text, link_url varchar(1000),
      sort int not null default 1, ${AUDIT})`,
    `create index blade_portal_precinct_floor on blade_portal_precinct (tenant_id, floor_id, sort)`,
    `create table blade_portal_shortcut (id bigint primary key, tenant_id varchar(12) not null, name varchar(100) not null,
      name_en varchar(200), icon varchar(500), color varchar(16), service_id bigint, url varchar(1000), open_way int not null default 1,
      sort int not null default 1, ${AUDIT})`,
    `create index blade_portal_shortcut_tenant on blade_portal_shortcut (tenant_id, sort)`,
    `create table blade_portal_special_service (id bigint primary key, tenant_id varchar(12) not null, name varchar(100) not null,
      name_en varchar(200), icon varchar(500), image_url varchar(1000), description varchar(1000), description_en varchar(2000),
      sort int not null default 1, ${AUDIT})`,
    `create index blade_portal_special_service_tenant on blade_portal_special_service (tenant_id, sort)`,
    `create table blade_portal_special_column (id bigint primary key, tenant_id varchar(12) not null, special_service_id bigint not null,
      name varchar(100) not null, name_en varchar(200), service_ids text, sort int not null default 1, ${AUDIT})`,
    `create index blade_portal_special_column_special on blade_portal_special_column (tenant_id, special_service_id, sort)`,

    // a person's own rows: one favourite per service, visits newest first
    `create table blade_portal_service_collect (id bigint primary key, tenant_id varchar(12) not null, service_id bigint not null, ${AUDIT})`,
    `create unique index blade_portal_service_collect_mine on blade_portal_service_collect (tenant_id, create_user, service_id) where is_deleted = 0`,
    `create table blade_portal_service_visit (id bigint primary key, tenant_id varchar(12) not null, service_id bigint not null,
      visit_type int not null default 1, ${AUDIT})`,
    `create index blade_portal_service_visit_mine on blade_portal_service_visit (tenant_id, create_user, create_time desc)`,
    `create index blade_portal_service_visit_service on blade_portal_service_visit (tenant_id, service_id)`,
    `create table blade_portal_service_statistics (id bigint primary key, tenant_id varchar(12) not null, service_id bigint not null,
      stat_date varchar(10) not null, visit_count int not null default 0, start_count int not null default 0, collect_count int not null default 0)`,
    `create unique index blade_portal_service_statistics_day on blade_portal_service_statistics (tenant_id, service_id, stat_date)`,
    `create index blade_portal_service_statistics_date on blade_portal_service_statistics (tenant_id, stat_date)`,
    `create table blade_portal_service_feedback (id bigint primary key, tenant_id varchar(12) not null, service_id bigint not null,
      rating int not null default 5, content varchar(1000) not null, contact_phone varchar(32), reply varchar(1000), reply_time timestamptz,
      reply_status int not null default 0, ${AUDIT})`,
    `create index blade_portal_service_feedback_tenant on blade_portal_service_feedback (tenant_id, create_time desc)`,
    `create index blade_portal_service_feedback_service on blade_portal_service_feedback (tenant_id, service_id)`,

    `create table blade_portal_url (id bigint primary key, tenant_id varchar(12) not null, name varchar(100) not null, name_en varchar(200),
      url_type varchar(16) not null default 'footer', url varchar(1000) not null, icon varchar(500), open_way int not null default 3,
      sort int not null default 1, ${AUDIT})`,
    `create index blade_portal_url_type on blade_portal_url (tenant_id, url_type, sort)`,
    `create table blade_portal_news_source (id bigint primary key, tenant_id varchar(12) not null, name varchar(100) not null,
      name_en varchar(200), source_type varchar(16) not null default 'notice', notice_category varchar(16), url varchar(1000),
      sort int not null default 1, ${AUDIT})`,
    `create index blade_portal_news_source_tenant on blade_portal_news_source (tenant_id, sort)`,
    `create table blade_portal_aphorism (id bigint primary key, tenant_id varchar(12) not null, content varchar(500) not null,
      content_en varchar(1000), author varchar(100), ${AUDIT})`,
    `create index blade_portal_aphorism_tenant on blade_portal_aphorism (tenant_id, status)`,

    // the to-do centre's records of processes started from a service, and the personal data centre
    `create table blade_portal_tc_instance (id bigint primary key, tenant_id varchar(12) not null, service_id bigint not null,
      service_name varchar(100), process_instance_id bigint not null, process_def_key varchar(255), title varchar(255), ${AUDIT})`,
    `create index blade_portal_tc_instance_mine on blade_portal_tc_instance (tenant_id, create_user, create_time desc)`,
    `create index blade_portal_tc_instance_process on blade_portal_tc_instance (tenant_id, process_instance_id)`,
    `create table blade_portal_personal_category (id bigint primary key, tenant_id varchar(12) not null, name varchar(100) not null,
      name_en varchar(200), icon varchar(500), form_content text, multiple int not null default 1, sort int not null default 1, ${AUDIT})`,
    `create index blade_portal_personal_category_tenant on blade_portal_personal_category (tenant_id, sort)`,
    `create table blade_portal_personal_data (id bigint primary key, tenant_id varchar(12) not null, category_id bigint not null,
      content text not null, ${AUDIT})`,
    `create index blade_portal_personal_data_mine on blade_portal_personal_data (tenant_id, create_user, category_id)`,

    // hot searches: a tenant's searches of the last 90 days (the table is the log module's, 0006)
    `create index blade_search_log_recent on blade_search_log (tenant_id, create_time)`,
  ]);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
