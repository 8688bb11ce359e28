import type { HelpSeed } from "./help-seed.ts";

/** The first help-centre articles in English. */
export const HELP_SEED_EN: HelpSeed = {
  categories: {
    "getting-started": "Getting started",
    certificates: "Certificates",
    billing: "Billing and balance",
    security: "Security and attacks",
  },
  articles: [
    {
      category: "getting-started",
      slug: "cname-setup",
      title: "Point your domain at us with a CNAME record",
      summary:
        "Add your domain to a package, then create a CNAME record at your DNS provider that points it at the target shown in the console. Covers root domains, TTLs and the mistakes that most often stop verification.",
      body: `<p>Your DNS stays where it is: to send a website's traffic through our network, you change one record.</p>
<h2>What a CNAME record is</h2>
<p>A CNAME record says "this name is an alias of that one". When a browser looks up <code>www.example.com</code>, DNS answers with our target, which resolves to our edge servers. Because the target is ours, we can change the addresses behind it, for instance to route around an attack, without you touching your DNS.</p>
<h2>Step 1: add the domain in the console</h2>
<ol>
<li>Open <a href="/control/services">Control center → My services</a> and choose <strong>Domains</strong> on the package's row.</li>
<li>Add the host name, for example <code>www.example.com</code>.</li>
<li>In its <strong>Settings</strong>, enter the origin address or addresses: the IP addresses or host name of the server that holds your site today.</li>
<li>Copy the <strong>CNAME target</strong> shown for this domain. Every domain has its own target, so never reuse another domain's.</li>
</ol>
<h2>Step 2: create the record at your DNS provider</h2>
<p>Where your domain's DNS is hosted (your registrar, hosting company or a DNS service), add a record like this, with the target shown in the console instead of the example value:</p>
<pre><code>Name:  www
Type:  CNAME
Value: 7f3k2a.cdn-edge.example.net
TTL:   600</code></pre>
<p>In zone-file notation: <code>www.example.com CNAME 7f3k2a.cdn-edge.example.net</code>. Keep the TTL at 600 seconds or lower while you are switching, so that a correction takes effect quickly; you can raise it once everything works.</p>
<h2>Step 3: press Verify</h2>
<p>Back in the console, press <strong>Verify</strong> next to the domain. We look the record up in real DNS; when the name points at its target, the domain becomes active. A change usually shows up within minutes, but resolvers may keep the old answer until the old record's TTL runs out: if the record is not found yet, wait and try again.</p>
<p>To prepare everything before switching traffic, you can first prove ownership with a TXT record: the console shows its name and a value that starts with the verification code. Once the CNAME is verified, ownership counts as proven.</p>
<h2>Root domains such as example.com</h2>
<p>The root of a zone also carries NS and SOA records, so most DNS providers do not allow a CNAME there. You have two options:</p>
<ul>
<li>If your provider offers CNAME flattening, ALIAS or ANAME records, use one of them with the same target.</li>
<li>Otherwise point <code>www.example.com</code> at us and redirect <code>example.com</code> to it, with your provider's URL redirect or on your server.</li>
</ul>
<h2>Common mistakes</h2>
<ul>
<li><strong>An old record for the same name.</strong> A name with a CNAME cannot have any other record. Delete the old A or AAAA record for <code>www</code> first.</li>
<li><strong>The trailing dot.</strong> Most providers add it for you. If yours turns the value into <code>7f3k2a.cdn-edge.example.net.example.com</code>, end the target with a dot.</li>
<li><strong>Another CDN's proxy.</strong> If your DNS provider also proxies traffic (such as Cloudflare's orange cloud), set the record to "DNS only", or visitors will reach that proxy instead of us.</li>
</ul>
<p>Before switching, run the <a href="/help/getting-started/go-live-check">go-live check</a> to see what is still missing.</p>`,
    },
    {
      category: "getting-started",
      slug: "go-live-check",
      title: "Read the go-live check",
      summary:
        "The go-live check lists everything between a new domain and live traffic: ownership, the CNAME, your package's quota, the origin and the certificate. Here is what each line means and how to fix a red one.",
      body: `<p>Before a domain carries live traffic, the go-live check tells you what is ready and what is missing. Open <a href="/control/services">Control center → My services</a>, choose <strong>Domains</strong> on the package's row, then <strong>Go-live check</strong> next to the domain.</p>
<h2>How to read it</h2>
<p>Each line is one check. A passed line shows what we found, for example the target the CNAME points at or how fast your server answered. A line in red says what to do and gives the exact record or value to enter, next to what DNS or your server answers today. The check runs afresh each time: fix one item, press <strong>Check again</strong>, and repeat as often as you like.</p>
<h2>The checks and how to fix them</h2>
<h3>Ownership</h3>
<p>Passes when the TXT record shown is found (its value starts with your verification code), or once the CNAME has been verified. If it is red, add the TXT record exactly as shown at your DNS provider and wait a few minutes.</p>
<h3>CNAME</h3>
<p>Shows the target and what DNS returns for the name. "Nothing" means the record is missing or not visible yet; another value means it still points elsewhere, such as your old server or another CDN. See <a href="/help/getting-started/cname-setup">setting up the CNAME record</a>.</p>
<h3>Package quota</h3>
<p>Your package allows a number of domains, top-level domains and origin addresses. If it is red, remove a domain you no longer use or upgrade the package.</p>
<h3>Origin answers</h3>
<p>We send a request from our network to your origin with the domain's name and show the HTTP status and the response time. Any answer below 500, a redirect or a 404 included, passes. A timeout, a refused connection or a 5xx status does not. Check:</p>
<ul>
<li>the origin address, protocol and port in the domain's Settings;</li>
<li>that the web server is running and has a site for this host name;</li>
<li>that your firewall or hosting panel lets our network's addresses in.</li>
</ul>
<h3>Certificate</h3>
<p>For HTTPS you need a certificate in your account that covers the name, exactly or through a wildcard one level up, and the line shows until when. If it is red, request a free one or upload your own under <a href="/control/certificates">Certificates</a>; see <a href="/help/certificates/certificate-dns-validation">free certificates by DNS validation</a>.</p>
<h3>ICP filing</h3>
<p>Only for packages that serve mainland China: enter the site's ICP filing number in the domain's Settings.</p>
<h2>When does the domain go live?</h2>
<p>Nothing goes live until the CNAME points at its target: until then visitors still reach your server directly, whatever else the check shows. So work through the other lines first, then change the CNAME, press <strong>Verify</strong>, and run the check once more.</p>`,
    },
    {
      category: "certificates",
      slug: "certificate-dns-validation",
      title: "Get a free certificate with DNS validation",
      summary:
        "Request a free SSL certificate for up to 20 names, wildcards included, by adding TXT records at your DNS provider. Covers checking the records, issuance, renewals and installing the files on your own server.",
      body: `<p>We obtain free certificates for your names from a public certificate authority over ACME, the protocol Let's Encrypt uses. With DNS validation you prove that you control each name by publishing a TXT record. It is the only method that works for wildcard names, and it works before your traffic goes through us.</p>
<h2>Step 1: request the certificate</h2>
<ol>
<li>Open <a href="/control/certificates">Control center → Certificates</a> and choose <strong>Request a free certificate</strong>.</li>
<li>Enter the names, one per line and up to 20 per certificate, for example <code>example.com</code> and <code>*.example.com</code>. A wildcard covers one level: <code>*.example.com</code> covers <code>www.example.com</code>, but not <code>example.com</code> itself nor <code>a.b.example.com</code>.</li>
<li>Under <strong>Prove control by</strong>, choose <strong>A DNS TXT record</strong>.</li>
</ol>
<h2>Step 2: add the TXT records</h2>
<p>The console shows a record name and a value for each name. A wildcard is validated on its base name, so <code>example.com</code> and <code>*.example.com</code> both use <code>_acme-challenge.example.com</code>, with two different values:</p>
<pre><code>_acme-challenge.example.com  TXT  "gB3xVq...first value"
_acme-challenge.example.com  TXT  "Qm7dLk...second value"</code></pre>
<p>Add them as two separate TXT records under the same name: they coexist, so do not overwrite one with the other. Many providers want only <code>_acme-challenge</code> in the name field and add the domain themselves.</p>
<h2>Step 3: check and wait for issuance</h2>
<p>Give the records a few minutes, then check that they are publicly visible:</p>
<pre><code>dig TXT _acme-challenge.example.com +short
nslookup -type=TXT _acme-challenge.example.com</code></pre>
<p>When every value shows up, press <strong>Check</strong> in the console. Nothing is sent to the certificate authority until every record is found. Validation then takes a few seconds, and we send you an email when the certificate is issued, or when the authority refuses, with its reason. The usual causes are a mistyped value or a record that has not propagated yet.</p>
<h2>Renewals</h2>
<p>Renewal starts automatically 30 days before the certificate expires, and your current certificate keeps working in the meantime. For DNS validation the authority needs fresh TXT values each time: keep the <code>_acme-challenge</code> records and replace their values when the renewal email asks you to.</p>
<h2>Installing it on your own server</h2>
<p>Choose <strong>Download</strong> on the certificate to get the certificate with its chain and the private key as PEM files (a PKCS#12 file for IIS or Tomcat is available too). For nginx:</p>
<pre><code>ssl_certificate     /etc/nginx/ssl/example.com.fullchain.pem;
ssl_certificate_key /etc/nginx/ssl/example.com.key.pem;</code></pre>
<p>For Apache, set <code>SSLCertificateFile</code> to the certificate and chain file and <code>SSLCertificateKeyFile</code> to the key, then reload the server. Keep the key file private.</p>`,
    },
    {
      category: "billing",
      slug: "top-up-balance",
      title: "Top up your account balance",
      summary:
        "Add funds to your balance online or by bank transfer. The balance pays renewals and orders, in full or in part; this article also covers monthly statements, low-balance reminders and refunds.",
      body: `<p>Your account balance is money held with us in advance. Keeping it topped up means renewals are paid on time and new orders can be paid straight away.</p>
<h2>Top up online</h2>
<ol>
<li>Open <a href="/control/balance">Control center → Balance</a> and press <strong>Top up</strong>.</li>
<li>Enter the amount. The minimum for one top-up is shown on the page.</li>
<li>Choose one of the payment methods this site offers and continue to the cashier.</li>
<li>Pay. The balance is credited as soon as the payment is confirmed.</li>
</ol>
<h2>Top up by bank transfer</h2>
<ol>
<li>Choose <strong>Bank transfer</strong> as the payment method.</li>
<li>The next page shows our bank details and a reference, the order number. Quote it exactly in the transfer's description so that our finance team can match your payment.</li>
<li>The balance is credited once the finance team confirms that the money has arrived, so allow for the time your bank takes.</li>
</ol>
<h2>How the balance is used</h2>
<ul>
<li><strong>One balance per currency.</strong> Money added in one currency pays orders in that currency only.</li>
<li><strong>Renewals.</strong> Packages with automatic renewal from the balance are renewed from it without any action on your part. You can switch this on for each package under My services.</li>
<li><strong>New orders.</strong> At checkout you can pay from the balance. If it does not cover the whole amount, the balance pays part and you pay the rest by another method.</li>
</ul>
<h2>Monthly statements</h2>
<p>On the Balance page, choose a month and press <strong>Download statement (PDF)</strong>. The statement lists every movement of that month: top-ups, payments and refunds. A CSV version is there for your spreadsheet.</p>
<h2>Low-balance reminder</h2>
<p>Under <strong>Preferences</strong> on the same page, choose when we should email you: when the balance falls below what your renewals will cost in the next 30 days, below an amount you choose, or never. Here you can also have new packages renew from the balance by default.</p>
<h2>Refunds</h2>
<p>Money on the balance cannot be withdrawn as cash, except under our refund terms. To ask for a refund, open a ticket for the billing department under <a href="/control/support">Support</a>.</p>`,
    },
    {
      category: "security",
      slug: "under-attack",
      title: "What to do during an attack",
      summary:
        'If your site is under attack, press "Under attack?": it opens an urgent ticket and pages our on-call engineers at once. Here is what to tell us, what not to do in a hurry, and how to harden your setup afterwards.',
      body: `<p>Slow pages, timeouts, a wave of 5xx errors or a sudden traffic spike can all be signs of an attack. Act quickly, but in this order.</p>
<h2>1. Tell us at once</h2>
<p>Press <strong>Under attack?</strong> under <a href="/control/support">Control center → Support</a>, or on the DDoS protection and WAF product pages, and choose the package under attack. This opens an urgent ticket and pages our on-call engineers immediately. The page is repeated every 10 minutes until an engineer takes it, so there is no need to open a second ticket: add anything new to the same one.</p>
<h2>2. Tell us what you see</h2>
<ul>
<li>the domain or IP address under attack;</li>
<li>when it started, with your time zone;</li>
<li>the symptoms: timeouts, 5xx errors, a traffic spike, high load on your server;</li>
<li>what you have changed recently, and since the attack began.</li>
</ul>
<h2>3. Do not move your DNS away in a hurry</h2>
<p>Pointing the domain straight at your own server removes the protection and reveals your origin's IP address. The attack then hits your server directly, and can keep doing so after you switch back, because the address is known.</p>
<h2>4. If your origin IP address is exposed</h2>
<p>If attack traffic reaches your server without passing through us, your server logs will show it. Get a new IP address from your hosting provider, update the origin in the domain's Settings, and configure the firewall so that only our network's addresses can reach ports 80 and 443. Our support team can send you the current list of addresses.</p>
<h2>5. Watch the charts</h2>
<p>Under <a href="/control/services">My services</a>, choose <strong>Usage</strong> on the package's row. The traffic and attack charts show when the attack started, how large it is and how much of it is being stopped.</p>
<h2>6. Tighten the WAF</h2>
<p>In the domain's Settings, switch the protection mode from <em>Monitor only</em> to <em>Block attacks</em>. If the attack targets particular paths, such as the login page, search or an API, ask the engineer on your ticket for stricter rules or rate limits on those paths. You can relax them once things are quiet.</p>
<h2>After the attack</h2>
<p>Review the attack report in your ticket and the charts under Usage. If the attack went beyond what your package can absorb, consider a larger protection package before the next one; our support team can help you choose.</p>`,
    },
  ],
};
