import type { HelpSeed } from "./help-seed.ts";

/** The first help-centre articles in Traditional Chinese (Taiwan wording). */
export const HELP_SEED_ZH_TW: HelpSeed = {
  categories: {
    "getting-started": "新手入門",
    certificates: "SSL 憑證",
    billing: "帳務與餘額",
    security: "資安與攻擊防護",
  },
  articles: [
    {
      category: "getting-started",
      slug: "cname-setup",
      title: "設定 CNAME 記錄，讓網域接上我們的網路",
      summary:
        "在主控台將網域加入方案後，到 DNS 供應商新增一筆 CNAME 記錄，指向主控台顯示的目標即可。本文說明記錄如何填寫、根網域如何處理、TTL 建議，以及最常見的設定錯誤。",
      body: `<p>接上我們的網路不必搬移 DNS，只要修改一筆記錄：把訪客輸入的網域（例如 <code>www.example.com</code>）用 CNAME 指向我們提供的目標。</p>
<h2>CNAME 記錄是什麼</h2>
<p>CNAME 記錄就是替網域取一個「別名」：查詢 <code>www.example.com</code> 時，DNS 會回覆我們的目標，再由目標對應到我們的邊緣節點。目標由我們維護，遇到攻擊需要調度流量時，我們直接調整目標背後的位址即可，您不必再改 DNS。</p>
<h2>步驟一：在主控台新增網域</h2>
<ol>
<li>前往 <a href="/control/services">控制中心 → 我的服務</a>，在該方案那一列按<strong>網域</strong>。</li>
<li>按<strong>新增網域</strong>，輸入主機名稱，例如 <code>www.example.com</code>。</li>
<li>在該網域的<strong>設定</strong>中填入來源伺服器位址，也就是目前放置網站的伺服器 IP 或主機名稱，可以填寫多個。</li>
<li>複製清單上顯示的 <strong>CNAME 目標</strong>。每個網域的目標都不一樣，請勿混用。</li>
</ol>
<h2>步驟二：在 DNS 供應商新增記錄</h2>
<p>登入網域的 DNS 代管供應商（例如 Cloudflare、GoDaddy，或您的網域註冊商），新增下列記錄，並把值換成主控台顯示的目標：</p>
<pre><code>主機名稱：www
類型：    CNAME
值：      7f3k2a.cdn-edge.example.net
TTL：     600</code></pre>
<p>以區域檔格式表示就是 <code>www.example.com CNAME 7f3k2a.cdn-edge.example.net</code>。切換期間建議將 TTL 設為 600 秒或更短，萬一填錯能很快修正；確認一切正常後再調長。</p>
<h2>步驟三：按「驗證」</h2>
<p>回到主控台，按網域旁的<strong>驗證</strong>。我們會即時查詢實際的 DNS 記錄，確認已指向目標後，網域狀態就會變成<strong>已啟用</strong>。DNS 異動通常幾分鐘內生效，但部分 DNS 伺服器會快取舊記錄，直到舊記錄的 TTL 到期。暫時查不到時，請稍候再試。</p>
<p>如果想在切換流量前先把其他準備做好，可以先用 TXT 記錄證明網域所有權：主控台會提供記錄名稱和值，值的開頭就是您的驗證碼。CNAME 驗證通過後，所有權也會一併確認。</p>
<h2>根網域（example.com）怎麼辦</h2>
<p>根網域上還有 NS、SOA 等記錄，依 DNS 規範不能再設定 CNAME，多數供應商也不允許。您可以：</p>
<ul>
<li>使用供應商提供的 CNAME 扁平化（CNAME flattening）、ALIAS 或 ANAME 記錄，指向同一個目標，例如 Cloudflare 會自動對根網域進行 CNAME 扁平化；</li>
<li>或只讓 <code>www.example.com</code> 接上我們的網路，再把根網域 301 重新導向到 www，可使用供應商的網址轉址功能，或在來源伺服器設定。</li>
</ul>
<h2>常見錯誤</h2>
<ul>
<li><strong>同名的舊記錄沒有刪除。</strong>一個名稱設了 CNAME，就不能再有其他記錄。請先刪除 www 原本的 A 或 AAAA 記錄。</li>
<li><strong>結尾的句點。</strong>多數供應商會自動處理。如果值變成 <code>7f3k2a.cdn-edge.example.net.example.com</code>，請在目標最後加上一個句點。</li>
<li><strong>其他 CDN 的代理沒有關閉。</strong>DNS 若放在 Cloudflare，請把橘色雲朵（Proxied）切換成「DNS only」，否則訪客仍會先連到 Cloudflare。</li>
</ul>
<p>正式切換前，建議先執行一次<a href="/help/getting-started/go-live-check">上線檢查</a>，看看還缺哪些設定。</p>`,
    },
    {
      category: "getting-started",
      slug: "go-live-check",
      title: "看懂上線檢查的結果",
      summary:
        "上線檢查列出網域正式上線前必須滿足的所有條件：所有權、CNAME、方案配額、來源伺服器回應、憑證，以及中國大陸加速所需的 ICP 備案。本文逐項說明意義與標紅時的處理方式。",
      body: `<p>網域正式承接流量之前，可以透過上線檢查確認哪些已經就緒、哪些還沒完成。前往 <a href="/control/services">控制中心 → 我的服務</a>，在方案那一列按<strong>網域</strong>，再按該網域旁的<strong>上線檢查</strong>。</p>
<h2>如何判讀結果</h2>
<p>每一列是一個檢查項目。通過的項目會顯示我們查到的內容，例如 CNAME 目前指向的目標、來源伺服器的回應時間；標紅的項目會說明該怎麼做，提供應填入的記錄或數值，並列出 DNS 或伺服器目前實際回覆的內容。檢查每次都會重新執行：修正一項後按<strong>重新檢查</strong>即可，次數不限。</p>
<h2>各檢查項目與處理方式</h2>
<h3>所有權</h3>
<p>查到主控台所示的 TXT 記錄（值以您的驗證碼開頭），或 CNAME 已驗證通過，就算通過。標紅時，請在 DNS 供應商依畫面內容新增 TXT 記錄，幾分鐘後再檢查。</p>
<h3>CNAME</h3>
<p>顯示應指向的目標，以及 DNS 目前的查詢結果。顯示「無」代表記錄尚未新增或尚未生效；顯示其他值代表仍指向舊伺服器或其他 CDN。設定方式請參考<a href="/help/getting-started/cname-setup">設定 CNAME 記錄</a>。</p>
<h3>方案配額</h3>
<p>方案對網域數、主網域數與來源伺服器位址數都有上限。標紅時，請刪除不再使用的網域，或升級方案。</p>
<h3>來源伺服器回應</h3>
<p>我們從自己的網路以該網域向來源伺服器發出請求，並顯示 HTTP 狀態碼與回應時間。狀態碼低於 500 都算通過，重新導向和 404 也包含在內；逾時、連線遭拒或回傳 5xx 則不通過。請確認：</p>
<ul>
<li>網域設定中的來源伺服器位址、協定與連接埠是否正確；</li>
<li>網頁伺服器是否正常執行，並已為這個主機名稱設定好網站；</li>
<li>防火牆或主機商的安全設定是否允許我們網路的位址連入。</li>
</ul>
<h3>憑證</h3>
<p>使用 HTTPS 時，您的帳戶中需要有一張涵蓋此網域的憑證（完全相符，或上一層的萬用字元憑證），此項會顯示憑證的有效期限。標紅時，可在<a href="/control/certificates">憑證管理</a>申請免費憑證或上傳現有憑證，請參考<a href="/help/certificates/certificate-dns-validation">以 DNS 驗證申請免費憑證</a>。</p>
<h3>ICP 備案</h3>
<p>只有服務中國大陸的方案會檢查此項：請在網域設定中輸入網站的 ICP 備案號。</p>
<h2>什麼時候才會真正上線？</h2>
<p>只要 CNAME 還沒指向目標，流量就不會切換到我們這裡，訪客仍直接連到您的伺服器，其他項目的結果都不影響這一點。因此建議先處理好其他項目，最後再修改 CNAME、按<strong>驗證</strong>，然後再檢查一次。</p>`,
    },
    {
      category: "certificates",
      slug: "certificate-dns-validation",
      title: "以 DNS 驗證申請免費 SSL 憑證",
      summary:
        "只要新增 TXT 記錄，就能為最多 20 個網域名稱（含萬用字元）申請免費 SSL 憑證。本文說明如何新增並自行確認記錄、簽發與續約流程，以及如何下載憑證安裝到 Nginx 或 Apache。",
      body: `<p>我們透過 ACME 協定（也就是 Let's Encrypt 採用的協定）向公開的憑證授權單位（CA）為您申請免費憑證。DNS 驗證是以新增 TXT 記錄的方式，證明您擁有網域的控制權。萬用字元憑證只能用這種方式驗證，而且網域不必先接上我們的網路。</p>
<h2>步驟一：提出申請</h2>
<ol>
<li>前往 <a href="/control/certificates">控制中心 → 憑證管理</a>，按<strong>申請免費憑證</strong>。</li>
<li>輸入網域名稱，每行一個，每張憑證最多 20 個，例如 <code>example.com</code> 和 <code>*.example.com</code>。萬用字元只涵蓋一層：<code>*.example.com</code> 涵蓋 <code>www.example.com</code>，但不包含 <code>example.com</code> 本身，也不包含 <code>a.b.example.com</code>。</li>
<li><strong>控制權驗證方式</strong>請選擇 <strong>DNS TXT 記錄</strong>。</li>
</ol>
<h2>步驟二：新增 TXT 記錄</h2>
<p>主控台會為每個名稱列出記錄名稱與值。萬用字元是以主網域驗證，所以 <code>example.com</code> 和 <code>*.example.com</code> 都使用 <code>_acme-challenge.example.com</code>，只是值不同：</p>
<pre><code>_acme-challenge.example.com  TXT  "gB3xVq...第一個值"
_acme-challenge.example.com  TXT  "Qm7dLk...第二個值"</code></pre>
<p>請在同一個名稱下新增兩筆獨立的 TXT 記錄，兩者可以同時存在，不要用後一筆覆蓋前一筆。多數供應商（例如 Cloudflare）的名稱欄位只需填 <code>_acme-challenge</code>，網域部分會自動補上。</p>
<h2>步驟三：自行確認並等待簽發</h2>
<p>新增後等幾分鐘，先確認記錄已能公開查到：</p>
<pre><code>dig TXT _acme-challenge.example.com +short
nslookup -type=TXT _acme-challenge.example.com</code></pre>
<p>所有值都查得到之後，在主控台按<strong>檢查</strong>。在找到全部記錄之前，不會傳送任何資料給 CA。接著 CA 驗證只需幾秒鐘；憑證簽發完成或遭 CA 拒絕時，我們都會寄電子郵件通知您，拒絕時會附上原因。最常見的原因是值輸入錯誤，或記錄尚未生效。</p>
<h2>續約</h2>
<p>憑證到期前 30 天會自動開始續約，期間原憑證照常使用。以 DNS 驗證的憑證每次續約都需要新的 TXT 值：請保留 <code>_acme-challenge</code> 記錄，收到續約通知信後，依信中指示更新記錄值。</p>
<h2>安裝到自己的伺服器</h2>
<p>在憑證那一列按<strong>下載</strong>，即可取得 PEM 格式的憑證（含憑證鏈）與私密金鑰；也提供適用於 IIS、Tomcat 的 PKCS#12（.pfx）檔案。Nginx 設定範例：</p>
<pre><code>ssl_certificate     /etc/nginx/ssl/example.com.fullchain.pem;
ssl_certificate_key /etc/nginx/ssl/example.com.key.pem;</code></pre>
<p>Apache 則將 <code>SSLCertificateFile</code> 指向憑證與憑證鏈檔案，<code>SSLCertificateKeyFile</code> 指向私密金鑰，再重新載入設定。私密金鑰請妥善保管，切勿外流。</p>`,
    },
    {
      category: "billing",
      slug: "top-up-balance",
      title: "為帳戶餘額儲值",
      summary:
        "可透過線上付款或銀行轉帳為餘額儲值。餘額可用於自動續約與支付訂單，不足時可搭配其他付款方式。本文也說明每月對帳單、餘額不足提醒與退款方式。",
      body: `<p>帳戶餘額是預先存放在我們這裡的款項。維持足夠的餘額，方案就能準時自動續約，新訂單也能直接付款。</p>
<h2>線上儲值</h2>
<ol>
<li>前往 <a href="/control/balance">控制中心 → 餘額</a>，按<strong>儲值</strong>。</li>
<li>輸入儲值金額，單次儲值的最低金額以頁面顯示為準。</li>
<li>選擇本網站提供的付款方式，按<strong>前往付款</strong>進入收銀台。</li>
<li>完成付款，付款確認後餘額隨即入帳。</li>
</ol>
<h2>銀行轉帳儲值</h2>
<ol>
<li>付款方式選擇<strong>銀行轉帳</strong>。</li>
<li>下一頁會提供收款帳戶與訂單編號。轉帳時請在備註欄正確填寫該訂單編號，方便財務人員核對。</li>
<li>財務人員確認收款後餘額即入帳，所需時間視銀行入帳速度而定。</li>
</ol>
<h2>餘額的用途</h2>
<ul>
<li><strong>依幣別分開計算。</strong>以某種幣別儲值的餘額，只能支付相同幣別的訂單。</li>
<li><strong>自動續約。</strong>已開啟「餘額自動續約」的方案，續約訂單會自動從餘額扣款，不必手動處理；可在「我的服務」逐一為各方案開啟。</li>
<li><strong>新訂單。</strong>結帳時可選擇以餘額付款；餘額不足以支付全額時，先以餘額折抵一部分，差額再以其他方式付款。</li>
</ul>
<h2>每月對帳單</h2>
<p>在餘額頁面選擇月份，按<strong>下載對帳單（PDF）</strong>，即可取得該月所有儲值、扣款與退款明細；也可以下載 CSV 格式，方便匯入 Excel 等試算表軟體。</p>
<h2>餘額不足提醒</h2>
<p>在同一頁面的<strong>偏好設定</strong>中，可以選擇何時寄信提醒：餘額低於未來 30 天的續約金額時、低於自訂金額時，或不提醒。這裡也可以將新購方案預設為以餘額自動續約。</p>
<h2>退款</h2>
<p>餘額無法提領現金，符合退款條款的情況除外。如需退款，請在<a href="/control/support">客服工單</a>向帳務部門提交工單。</p>`,
    },
    {
      category: "security",
      slug: "under-attack",
      title: "遭受攻擊時該怎麼做",
      summary:
        "網站遭受攻擊時，請按「正遭受攻擊？」：系統會立即建立緊急工單並通知值班工程師。本文說明需要提供哪些資訊、哪些動作不要急著做，以及事後如何加強防護。",
      body: `<p>網頁變慢、連線逾時、大量 5xx 錯誤或流量突然暴增，都可能是遭受攻擊的徵兆。請盡快處理，但依照以下順序進行。</p>
<h2>1. 第一時間通知我們</h2>
<p>在 <a href="/control/support">控制中心 → 客服工單</a>，或 DDoS 防護、網站應用程式防火牆的產品頁面上，按<strong>正遭受攻擊？</strong>，並選擇遭受攻擊的方案。系統會建立緊急工單並立即通知值班工程師；在工程師接手之前，每 10 分鐘會再通知一次。因此不必重複提交，有新狀況直接補充在同一張工單即可。</p>
<h2>2. 說明您看到的狀況</h2>
<ul>
<li>遭受攻擊的網域或 IP 位址；</li>
<li>攻擊開始的時間；</li>
<li>症狀：逾時、5xx 錯誤、流量暴增、伺服器負載過高等；</li>
<li>最近做過哪些變更，攻擊開始後又改了什麼。</li>
</ul>
<h2>3. 不要急著把 DNS 改走</h2>
<p>把網域直接指回自己的伺服器，等於撤除防護，同時洩漏來源伺服器的 IP。攻擊會直接打到您的伺服器上；即使之後再改回來，攻擊者已經知道這個位址，仍可繞過防護繼續攻擊。</p>
<h2>4. 來源伺服器 IP 已經外洩時</h2>
<p>如果伺服器日誌顯示有攻擊流量沒有經過我們的網路、直接連到伺服器，代表 IP 已經外洩。請向主機商或機房更換新的 IP，在網域設定中更新來源伺服器位址，並透過防火牆只允許我們網路的位址連到 80 和 443 連接埠。最新的位址清單可向我們的技術支援索取。</p>
<h2>5. 查看監控圖表</h2>
<p>在 <a href="/control/services">我的服務</a> 中，按方案那一列的<strong>用量</strong>。流量圖與攻擊事件圖會顯示攻擊何時開始、規模多大、擋下了多少。</p>
<h2>6. 強化 WAF 設定</h2>
<p>在網域設定中，將防護模式從「僅監控」改為「封鎖攻擊」。如果攻擊集中在特定路徑，例如登入頁、搜尋或 API，可以在工單中請工程師為這些路徑設定更嚴格的規則或流量限制。攻擊平息後再視情況放寬。</p>
<h2>攻擊結束後</h2>
<p>請查看工單中的攻擊報告與用量頁面的圖表。如果攻擊規模超出方案的防護能力，建議在下一次攻擊之前升級到更高規格的防護方案，我們的技術支援可以協助您評估。</p>`,
    },
  ],
};
