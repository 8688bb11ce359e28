import type { HelpSeed } from "./help-seed.ts";

/** The first help-centre articles in Simplified Chinese (mainland wording). */
export const HELP_SEED_ZH_CN: HelpSeed = {
  categories: {
    "getting-started": "快速入门",
    certificates: "SSL 证书",
    billing: "账单与余额",
    security: "安全与攻击防护",
  },
  articles: [
    {
      category: "getting-started",
      slug: "cname-setup",
      title: "如何配置 CNAME 记录完成接入",
      summary:
        "在控制台为套餐添加域名后，到 DNS 服务商处添加一条 CNAME 记录，指向控制台显示的目标即可接入。本文介绍记录怎么填、根域名怎么处理、TTL 怎么设，以及最常见的几种错误。",
      body: `<p>接入我们的网络不需要迁移 DNS，只需修改一条解析记录：把访客访问的域名（例如 <code>www.example.com</code>）用 CNAME 指向我们分配的目标。</p>
<h2>什么是 CNAME 记录</h2>
<p>CNAME 记录相当于给域名起一个“别名”：解析 <code>www.example.com</code> 时，DNS 返回我们的目标，再由目标解析到我们的边缘节点。目标由我们维护，遇到攻击需要调度时，我们直接调整目标背后的地址即可，您无需再改解析。</p>
<h2>第一步：在控制台添加域名</h2>
<ol>
<li>进入 <a href="/control/services">控制中心 → 我的服务</a>，在对应套餐一行点击<strong>域名</strong>。</li>
<li>点击<strong>添加域名</strong>，填写主机名，例如 <code>www.example.com</code>。</li>
<li>在该域名的<strong>设置</strong>中填写源站地址，即目前承载网站的服务器 IP 或主机名，可以填写多个。</li>
<li>复制列表中显示的 <strong>CNAME 目标</strong>。每个域名的目标都不相同，请勿混用。</li>
</ol>
<h2>第二步：在 DNS 服务商处添加记录</h2>
<p>登录域名的解析服务商（如阿里云云解析 DNS、DNSPod 或 Cloudflare），添加如下记录，记录值请换成控制台显示的目标：</p>
<pre><code>主机记录：www
记录类型：CNAME
记录值：  7f3k2a.cdn-edge.example.net
TTL：     600</code></pre>
<p>写成区域文件格式就是 <code>www.example.com CNAME 7f3k2a.cdn-edge.example.net</code>。切换期间建议把 TTL 设为 600 秒或更低，万一填错可以尽快纠正；一切正常后再调高。</p>
<h2>第三步：点击“验证”</h2>
<p>回到控制台，点击域名旁的<strong>验证</strong>。我们会实时查询真实的 DNS 解析结果，确认已指向目标后，域名状态变为<strong>已生效</strong>。解析修改通常几分钟内生效，但部分递归 DNS 会缓存旧记录，直到旧记录的 TTL 到期。暂时查不到时，请稍后重试。</p>
<p>如果想在切换流量之前先做好各项准备，可以先用 TXT 记录证明域名所有权：控制台会给出记录名和记录值，记录值以您的验证码开头。CNAME 验证通过后，所有权也随之确认。</p>
<h2>根域名（example.com）怎么处理</h2>
<p>根域名上还有 NS、SOA 等记录，按 DNS 规范不能再添加 CNAME，多数服务商也不允许。可以选择：</p>
<ul>
<li>使用服务商提供的 CNAME 拉平（CNAME flattening）、ALIAS 或 ANAME 记录，指向同一个目标，例如 Cloudflare 对根域名默认进行 CNAME 拉平；</li>
<li>或者只接入 <code>www.example.com</code>，再把根域名 301 跳转到 www，可使用服务商的“显性 URL”转发，也可以在源站配置。</li>
</ul>
<h2>常见错误</h2>
<ul>
<li><strong>同名的旧记录没有删除。</strong>一个主机记录设置了 CNAME，就不能再有其他记录。请先删除 www 原有的 A 或 AAAA 记录。</li>
<li><strong>末尾的点。</strong>多数服务商会自动处理。如果记录值变成了 <code>7f3k2a.cdn-edge.example.net.example.com</code>，请在目标末尾加一个点。</li>
<li><strong>其他 CDN 的代理没有关闭。</strong>如果解析在 Cloudflare，请关闭代理（俗称“小黄云”），改为“仅 DNS”，否则访客仍会先到达 Cloudflare。</li>
</ul>
<p>正式切换之前，建议先运行一次<a href="/help/getting-started/go-live-check">上线检查</a>，看看还缺什么。</p>`,
    },
    {
      category: "getting-started",
      slug: "go-live-check",
      title: "如何看懂上线检查",
      summary:
        "上线检查列出域名正式接入前需要满足的全部条件：所有权、CNAME、套餐配额、源站响应、证书，以及面向中国大陆加速所需的 ICP 备案。本文逐项说明含义和标红时的处理方法。",
      body: `<p>域名正式承接流量之前，可以通过上线检查确认哪些已经就绪、哪些还缺。进入 <a href="/control/services">控制中心 → 我的服务</a>，在套餐一行点击<strong>域名</strong>，再点击对应域名旁的<strong>上线检查</strong>。</p>
<h2>怎么看结果</h2>
<p>每一行是一项检查。已通过的项目会显示我们查到的情况，例如 CNAME 当前指向的目标、源站的响应时间；标红的项目会写明该怎么做，给出需要填写的记录或数值，并列出 DNS 或源站目前实际返回的内容。每次检查都会重新执行：改好一项，点击<strong>重新检查</strong>即可，次数不限。</p>
<h2>各项检查及处理方法</h2>
<h3>所有权</h3>
<p>查到控制台所示的 TXT 记录（记录值以您的验证码开头），或 CNAME 已经验证通过，即为通过。标红时，请到 DNS 服务商处按所示内容添加 TXT 记录，几分钟后再检查。</p>
<h3>CNAME</h3>
<p>显示应指向的目标和当前的解析结果。显示“无”说明记录还没添加或尚未生效；显示其他值说明仍指向旧服务器或其他 CDN。设置方法见<a href="/help/getting-started/cname-setup">如何配置 CNAME 记录</a>。</p>
<h3>套餐配额</h3>
<p>套餐对域名数、顶级域名数和源站地址数都有上限。标红时，请删除不再使用的域名，或者升级套餐。</p>
<h3>源站响应</h3>
<p>我们从自己的网络以该域名向源站发起请求，并显示 HTTP 状态码和响应时间。状态码低于 500 都算通过，跳转和 404 也包括在内；超时、连接被拒绝或返回 5xx 则不通过。请检查：</p>
<ul>
<li>域名设置中的源站地址、回源协议和端口是否正确；</li>
<li>Web 服务是否正常运行，是否为该域名配置了站点；</li>
<li>服务器防火墙或云服务器安全组是否放行了我们网络的地址。</li>
</ul>
<h3>证书</h3>
<p>使用 HTTPS 时，您的账户中需要有一张覆盖该域名的证书（完全匹配，或上一级的通配符证书），这一项会显示证书的有效期。标红时，可在<a href="/control/certificates">证书管理</a>中申请免费证书或上传已有证书，参见<a href="/help/certificates/certificate-dns-validation">通过 DNS 验证申请免费证书</a>。</p>
<h3>ICP 备案</h3>
<p>仅面向中国大陆加速的套餐会检查此项：请在域名设置中填写网站的 ICP 备案号，例如 <code>京ICP备12345678号-1</code>。</p>
<h2>什么时候真正上线？</h2>
<p>只要 CNAME 还没有指向目标，就不会有流量切到我们这里，访客仍然直接访问您的服务器，其他项目的结果都不影响这一点。因此建议先处理好其他各项，最后再修改 CNAME、点击<strong>验证</strong>，然后再检查一次。</p>`,
    },
    {
      category: "certificates",
      slug: "certificate-dns-validation",
      title: "通过 DNS 验证申请免费 SSL 证书",
      summary:
        "添加 TXT 记录即可为最多 20 个域名（含通配符域名）申请免费 SSL 证书。本文介绍如何添加并自查记录、签发和续期流程，以及如何下载证书部署到 Nginx 或 Apache。",
      body: `<p>我们通过 ACME 协议（即 Let's Encrypt 使用的协议）向公共证书颁发机构（CA）为您申请免费证书。DNS 验证是指通过添加 TXT 记录来证明您对域名的控制权。通配符证书只能用这种方式验证，而且域名不需要先接入我们的网络。</p>
<h2>第一步：提交申请</h2>
<ol>
<li>进入 <a href="/control/certificates">控制中心 → 证书管理</a>，点击<strong>申请免费证书</strong>。</li>
<li>填写域名，每行一个，每张证书最多 20 个，例如 <code>example.com</code> 和 <code>*.example.com</code>。通配符只覆盖一级：<code>*.example.com</code> 覆盖 <code>www.example.com</code>，但不覆盖 <code>example.com</code> 本身，也不覆盖 <code>a.b.example.com</code>。</li>
<li><strong>控制权验证方式</strong>选择 <strong>DNS TXT 记录</strong>。</li>
</ol>
<h2>第二步：添加 TXT 记录</h2>
<p>控制台会为每个域名给出记录名和记录值。通配符域名按其主域名验证，所以 <code>example.com</code> 和 <code>*.example.com</code> 都使用 <code>_acme-challenge.example.com</code>，只是记录值不同：</p>
<pre><code>_acme-challenge.example.com  TXT  "gB3xVq...第一个值"
_acme-challenge.example.com  TXT  "Qm7dLk...第二个值"</code></pre>
<p>请在同一个主机记录下添加两条独立的 TXT 记录，二者可以并存，不要用后一条覆盖前一条。在阿里云云解析或 DNSPod 中，主机记录只需填写 <code>_acme-challenge</code>，主域名会自动补全。</p>
<h2>第三步：自查记录并等待签发</h2>
<p>添加后等几分钟，先确认记录已经可以公开查到：</p>
<pre><code>dig TXT _acme-challenge.example.com +short
nslookup -type=TXT _acme-challenge.example.com</code></pre>
<p>所有记录值都能查到后，在控制台点击<strong>检查</strong>。全部记录找到之前，不会向 CA 发送任何内容。之后 CA 验证只需几秒钟；证书签发成功或被 CA 拒绝时，我们都会发邮件通知您，拒绝时附上原因。最常见的原因是记录值填错，或者记录尚未生效。</p>
<h2>续期</h2>
<p>证书到期前 30 天会自动开始续期，期间原证书照常使用。DNS 验证的证书每次续期都需要新的 TXT 记录值：请保留 <code>_acme-challenge</code> 记录，收到续期邮件后按邮件提示更新记录值。</p>
<h2>部署到自己的服务器</h2>
<p>在证书一行点击<strong>下载</strong>，可获得 PEM 格式的证书（含证书链）和私钥；也可以下载适用于 IIS、Tomcat 的 PKCS#12（.pfx）文件。Nginx 配置示例：</p>
<pre><code>ssl_certificate     /etc/nginx/ssl/example.com.fullchain.pem;
ssl_certificate_key /etc/nginx/ssl/example.com.key.pem;</code></pre>
<p>Apache 则将 <code>SSLCertificateFile</code> 指向证书和证书链文件，<code>SSLCertificateKeyFile</code> 指向私钥，然后重新加载配置。请妥善保管私钥，切勿外泄。</p>`,
    },
    {
      category: "billing",
      slug: "top-up-balance",
      title: "如何为账户余额充值",
      summary:
        "可通过在线支付或银行转账为余额充值。余额用于自动续费和支付订单，余额不足时可与其他支付方式组合付款。本文还介绍月度对账单、余额不足提醒和退款。",
      body: `<p>账户余额是预存在我们这里的款项。保持余额充足，套餐可以按时自动续费，新订单也能直接付款。</p>
<h2>在线充值</h2>
<ol>
<li>进入 <a href="/control/balance">控制中心 → 余额</a>，点击<strong>充值</strong>。</li>
<li>输入充值金额，单次充值的最低金额以页面显示为准。</li>
<li>选择本站提供的支付方式（如支付宝），点击<strong>去付款</strong>进入收银台。</li>
<li>完成付款，付款确认后余额立即到账。</li>
</ol>
<h2>银行转账充值</h2>
<ol>
<li>支付方式选择<strong>银行转账</strong>。</li>
<li>下一页会给出收款账户和订单号。转账时请在附言（备注）中准确填写该订单号，方便财务核对。</li>
<li>财务确认收款后余额即到账，具体时间取决于银行的到账速度。</li>
</ol>
<h2>余额怎么用</h2>
<ul>
<li><strong>按币种分别记账。</strong>以某种货币充值的余额，只能支付同一币种的订单。</li>
<li><strong>自动续费。</strong>开启了“余额自动续费”的套餐，续费订单会自动从余额扣款，无需手动操作；可在“我的服务”中逐个套餐开启。</li>
<li><strong>新订单。</strong>结账时可选择用余额支付；余额不足以支付全部金额时，先由余额抵扣一部分，差额再用其他方式支付。</li>
</ul>
<h2>月度对账单</h2>
<p>在余额页面选择月份，点击<strong>下载对账单（PDF）</strong>，即可得到该月所有充值、扣款和退款的明细；也可以下载 CSV 格式，方便导入 Excel 等表格软件。</p>
<h2>余额不足提醒</h2>
<p>在同一页面的<strong>偏好设置</strong>中，可以选择何时发邮件提醒：余额低于未来 30 天的续费金额时、低于自定义金额时，或者不提醒。这里还可以设置新购套餐默认使用余额自动续费。</p>
<h2>退款</h2>
<p>余额不能提现，符合退款条款的情况除外。如需退款，请在<a href="/control/support">工单支持</a>中向财务部门提交工单。</p>`,
    },
    {
      category: "security",
      slug: "under-attack",
      title: "遭受攻击时怎么办",
      summary:
        "网站遭受攻击时，请点击“正在遭受攻击？”：系统会立即创建紧急工单并呼叫值班工程师。本文说明需要提供哪些信息、哪些操作不要慌忙去做，以及事后如何加固。",
      body: `<p>页面变慢、访问超时、大量 5xx 错误或流量突然暴涨，都可能是遭受攻击的迹象。请尽快处理，但按以下顺序来。</p>
<h2>1. 第一时间通知我们</h2>
<p>在 <a href="/control/support">控制中心 → 工单支持</a>，或 DDoS 防护、Web 应用防火墙的产品页面上，点击<strong>正在遭受攻击？</strong>，并选择遭受攻击的套餐。系统会创建紧急工单并立即呼叫值班工程师；在有工程师接手之前，每 10 分钟重复呼叫一次。因此无需重复提交，有新情况直接补充到同一张工单即可。</p>
<h2>2. 说明您看到的情况</h2>
<ul>
<li>遭受攻击的域名或 IP 地址；</li>
<li>攻击开始的时间；</li>
<li>现象：超时、5xx 错误、流量暴涨、源站负载过高等；</li>
<li>最近做过哪些变更，攻击开始后又改了什么。</li>
</ul>
<h2>3. 不要慌忙把解析切走</h2>
<p>把域名直接解析回自己的服务器，等于撤掉防护，同时暴露源站 IP。攻击会直接打到源站上；即使之后再切回来，攻击者已经掌握了这个地址，仍然可以绕过防护继续攻击。</p>
<h2>4. 源站 IP 已经暴露怎么办</h2>
<p>如果服务器日志显示有攻击流量没有经过我们的网络、直接到达源站，说明源站 IP 已经暴露。请向云服务商或机房更换新的 IP，在域名设置中更新源站地址，并通过防火墙或安全组只允许我们网络的地址访问 80 和 443 端口。最新的地址列表可以向我们的技术支持索取。</p>
<h2>5. 查看监控图表</h2>
<p>在 <a href="/control/services">我的服务</a> 中，点击套餐一行的<strong>用量</strong>。流量图和攻击事件图会显示攻击从何时开始、规模多大、拦截了多少。</p>
<h2>6. 收紧 WAF 策略</h2>
<p>在域名设置中，把防护模式从“仅监控”改为“拦截攻击”。如果攻击集中在特定路径，例如登录页、搜索或 API 接口，可以在工单中请工程师为这些路径配置更严格的规则或限流。攻击平息后可以再适当放宽。</p>
<h2>攻击结束后</h2>
<p>请查看工单中的攻击报告和用量页面的图表。如果攻击规模超出了套餐的防护能力，建议在下一次攻击之前升级到更高规格的防护套餐，我们的技术支持可以协助您选择。</p>`,
    },
  ],
};
