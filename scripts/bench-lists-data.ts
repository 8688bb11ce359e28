// The rows the list bench (bench-lists.ts) reads: ROWS each of orders, services, invoices, mails
// and operations, written by PostgreSQL itself (INSERT … SELECT over generate_series) in seconds,
// spread as a busy installation's are: over BENCH_SITES sites and CUSTOMERS customers, two years
// of dates (the newest first by number), the statuses in a plausible mix. Nothing of it wakes a
// job: no unpaid order old enough to be closed, no mail waiting to be sent, every active service
// expiring more than a month ahead (no reminder due), every suspended one held by an operator.

export const ROWS = 100_000;
const BENCH_SITES = 5;
const CUSTOMERS = 2_000;
/** The span of dates the rows are spread over, newest (row 1) to oldest. */
const SPAN_DAYS = 730;

/** The moment of row `g`: newest first, SPAN_DAYS over ROWS rows, a little jitter. */
const momentOf = (g: string) =>
  `(now() - interval '1 hour' - (${g} * interval '${Math.round((SPAN_DAYS * 86_400) / ROWS)} seconds') - ((${g} * 7919) % 600) * interval '1 second')`;

/** The order number of row `g`: its day and ten digits, as the server writes them. */
const orderNoOf = (moment: string, g: string) => `to_char(${moment}, 'YYYYMMDD') || lpad(${g}::text, 10, '0')`;

const product = (g: string) => `(array['cdn','ddos','tcp','waf'])[1 + ${g} % 4]`;
const configuration = (g: string) =>
  `jsonb_build_object('product', ${product(g)}, 'edition', (array['enterprise','ultimate','advanced'])[1 + ${g} % 3], 'region', 'mainland', 'quantities', jsonb_build_object('bandwidth', 100 + (${g} % 10) * 50, 'domains', 10 + ${g} % 40), 'duration', jsonb_build_object('unit', 'month', 'count', 1 + ${g} % 12), 'extras', '{}'::jsonb)`;

/** The statements, in order; each one a single statement (PGlite's driver takes one at a time). */
export function fillStatements(): string[] {
  const g = "g";
  const moment = momentOf(g);
  return [
    `insert into sys_site (company, agent_code, web_domain, invoice_prefix, currency)
       select 'Bench Site ' || s, 'bench-' || s, 'bench' || s || '.example.com', 'B' || s || '-', 'CNY'
       from generate_series(1, ${BENCH_SITES}) s`,
    `insert into sys_user (user_name, nick_name, email, password_hash, site_id, email_verified_at, language)
       select 'bench-customer-' || lpad(u::text, 5, '0'), 'Customer ' || u, 'customer' || u || '@example.com',
              '$argon2id$v=19$m=19456,t=2,p=1$bench$bench', site.site_id, now(), (array['en','zh-CN','zh-TW','id','vi'])[1 + u % 5]
       from generate_series(1, ${CUSTOMERS}) u
       join (select site_id, row_number() over (order by site_id) - 1 as n from sys_site where agent_code like 'bench-%') site
         on site.n = u % ${BENCH_SITES}`,
    // Orders: 62% paid, 25% closed, 8% refunded, the rest unpaid, and those only in the last hour
    // before now: older unpaid orders would be closed by the sweep while the bench runs.
    `insert into biz_order (order_no, user_id, site_id, product, action, configuration, currency, original_price,
         discount, amount, pay_method, status, idempotency_key, created_at, paid_at, closed_at, refunded_at, trade_no)
       select ${orderNoOf("m", g)}, c.user_id, c.site_id, ${product(g)}, (array['new','new','new','renew','upgrade'])[1 + ${g} % 5],
              ${configuration(g)}, 'CNY', 10000 + (${g} % 50) * 1000, (${g} % 3) * 500, 10000 + (${g} % 50) * 1000 - (${g} % 3) * 500,
              (array['alipay','offline','alipayGlobal','alipay'])[1 + ${g} % 4], st.status, 'bench-' || ${g}, m,
              case when st.status in ('paid','refunded') then m + interval '3 minutes' end,
              case when st.status = 'closed' then m + interval '30 minutes' end,
              case when st.status = 'refunded' then m + interval '2 days' end,
              case when st.status in ('paid','refunded') then 'T' || lpad(${g}::text, 12, '0') end
       from generate_series(1, ${ROWS}) g
       cross join lateral (select ${moment} as m) t
       cross join lateral (select u.user_id, u.site_id from sys_user u where u.user_name = 'bench-customer-' || lpad((1 + (${g} * 7) % ${CUSTOMERS})::text, 5, '0')) c
       cross join lateral (select case when ${g} % 100 < 62 then 'paid' when ${g} % 100 < 87 then 'closed' when ${g} % 100 < 95 then 'refunded' else 'closed' end as status) st`,
    `update biz_order set status = 'unpaid', paid_at = null, closed_at = null, created_at = now() - (order_id % 50) * interval '1 second'
       where idempotency_key in (select 'bench-' || g from generate_series(1, 2000, 40) g)`,
    // Services: 70% active (expiring 31-400 days ahead), 25% terminated, 5% suspended by an operator.
    `insert into biz_service (order_no, user_id, site_id, product, configuration, expires_at, state, operator_hold,
         suspended_at, terminated_at, provisioning, created_at, updated_at)
       select ${orderNoOf("m", g)}, c.user_id, c.site_id, ${product(g)}, ${configuration(g)},
              case when ${g} % 20 < 14 then now() + (31 + ${g} % 370) * interval '1 day' else m + interval '30 days' end,
              case when ${g} % 20 < 14 then 'active' when ${g} % 20 < 19 then 'terminated' else 'suspended' end,
              ${g} % 20 = 19,
              case when ${g} % 20 = 19 then m + interval '10 days' end,
              case when ${g} % 20 between 14 and 18 then m + interval '45 days' end,
              (array['none','none','active','failed'])[1 + ${g} % 4], m, m
       from generate_series(1, ${ROWS}) g
       cross join lateral (select ${moment} as m) t
       cross join lateral (select u.user_id, u.site_id from sys_user u where u.user_name = 'bench-customer-' || lpad((1 + (${g} * 7) % ${CUSTOMERS})::text, 5, '0')) c`,
    // Invoices: one for each of ROWS orders, every twentieth a credit note.
    `insert into biz_invoice (invoice_no, kind, site_id, user_id, order_no, refers_to, snapshot, currency, total, issued_at)
       select 'BENCH-' || case when ${g} % 20 = 0 then 'CN-' else '' end || lpad(${g}::text, 7, '0'),
              case when ${g} % 20 = 0 then 'credit_note' else 'invoice' end, c.site_id, c.user_id, ${orderNoOf("m", g)},
              case when ${g} % 20 = 0 then 'BENCH-' || lpad((${g} + 1)::text, 7, '0') end,
              jsonb_build_object(
                'seller', jsonb_build_object('company', 'Bench Site', 'address', '1 Bench Road', 'taxId', 'T-1', 'contact', 'sales@example.com'),
                'buyer', jsonb_build_object('name', 'Customer Company ' || c.user_id, 'userName', c.user_name, 'taxId', '', 'address', '', 'email', c.email),
                'lines', jsonb_build_array(jsonb_build_object('description', jsonb_build_object('product', ${product(g)}, 'edition', 'Standard', 'duration', '1 month', 'action', 'new'), 'amount', 10000 + (${g} % 50) * 1000)),
                'currency', 'CNY', 'subtotal', 10000 + (${g} % 50) * 1000, 'discount', 0, 'couponDeduction', 0, 'taxRateBp', 600,
                'tax', 600, 'total', 10000 + (${g} % 50) * 1000, 'orderNo', ${orderNoOf("m", g)}, 'payMethod', 'alipay',
                'paidAt', to_char(m, 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'documentTitle', 'receipt', 'timeZone', 'UTC'),
              'CNY', 10000 + (${g} % 50) * 1000, m + interval '3 minutes'
       from generate_series(1, ${ROWS}) g
       cross join lateral (select ${moment} as m) t
       cross join lateral (select u.user_id, u.site_id, u.user_name, u.email from sys_user u where u.user_name = 'bench-customer-' || lpad((1 + (${g} * 7) % ${CUSTOMERS})::text, 5, '0')) c`,
    // Mails: sent, a few failed or not sent (none queued: the outbox would deliver them now).
    // A mail's HTML and text as long as a real one's (the list must not read them).
    `insert into sys_mail (message_id, site_id, event, language, recipient, subject, html, text, status, attempts,
         last_response, created_at, sent_at)
       select '<bench-' || ${g} || '@example.com>', c.site_id,
              (array['order_placed','order_paid','service_expiring','email_verification','password_reset','order_closed'])[1 + ${g} % 6],
              c.language, c.email, 'Your order ' || ${orderNoOf("m", g)} || ' at Bench Site',
              '<!doctype html><html><body>' || repeat('<p>Hello, this is a mail of the bench with a paragraph of text in it. ' || ${g} || '</p>', 40) || '</body></html>',
              repeat('Hello, this is a mail of the bench with a paragraph of text in it. ' || ${g} || E'\\n', 30),
              case when ${g} % 50 = 0 then 'failed' when ${g} % 50 = 1 then 'not_sent' else 'sent' end,
              case when ${g} % 50 = 0 then 5 else 1 end,
              case when ${g} % 50 = 0 then '550 mailbox unavailable' else '250 OK' end,
              m, case when ${g} % 50 > 1 then m + interval '2 seconds' end
       from generate_series(1, ${ROWS}) g
       cross join lateral (select ${moment} as m) t
       cross join lateral (select u.site_id, u.email, u.language from sys_user u where u.user_name = 'bench-customer-' || lpad((1 + (${g} * 7) % ${CUSTOMERS})::text, 5, '0')) c`,
    // Operations: mostly operators' and customers' successful changes, some refused, a few unknown.
    `insert into sys_oper_log (module, route, target, user_id, user_name, site_id, ip, status_code, error, body, before, after, cost_ms, created_at)
       select (array['order','system','business','monitor','control'])[1 + ${g} % 5],
              (array['PUT /prod-api/order/trade/order/:orderNo/confirm','POST /prod-api/system/user','PUT /prod-api/business/service/:serviceId/hold','DELETE /prod-api/monitor/online/:tokenId','POST /prod-api/control/monitor'])[1 + ${g} % 5],
              jsonb_build_object('id', ${g}::text), c.user_id, c.user_name, c.site_id, '203.0.113.' || (${g} % 250),
              case when ${g} % 25 = 0 then 403 when ${g} % 25 = 1 then 400 when ${g} % 500 = 2 then 0 else 200 end,
              case when ${g} % 25 in (0, 1) then 'Refused' else '' end,
              jsonb_build_object('note', 'bench change ' || ${g}, 'value', ${g}),
              case when ${g} % 3 = 0 then jsonb_build_object('status', 'unpaid') end,
              case when ${g} % 3 = 0 then jsonb_build_object('status', 'paid') end,
              5 + ${g} % 90, m
       from generate_series(1, ${ROWS}) g
       cross join lateral (select ${moment} as m) t
       cross join lateral (select u.user_id, u.user_name, u.site_id from sys_user u where u.user_name = 'bench-customer-' || lpad((1 + (${g} * 7) % ${CUSTOMERS})::text, 5, '0')) c`,
    // As autovacuum leaves a table some time after a bulk write: statistics read, visibility known.
    "vacuum analyze",
  ];
}

/** A customer of the bench (for a search by user name): one of CUSTOMERS. */
export const BENCH_CUSTOMER_SEARCH = "customer-0042";
