import type { HelpSeed } from "./help-seed.ts";

/** The first help-centre articles in Vietnamese. */
export const HELP_SEED_VI: HelpSeed = {
  categories: {
    "getting-started": "Bắt đầu sử dụng",
    certificates: "Chứng chỉ SSL",
    billing: "Thanh toán và số dư",
    security: "Bảo mật và chống tấn công",
  },
  articles: [
    {
      category: "getting-started",
      slug: "cname-setup",
      title: "Trỏ tên miền về hệ thống của chúng tôi bằng bản ghi CNAME",
      summary:
        "Thêm tên miền vào gói trong bảng điều khiển, rồi tạo bản ghi CNAME tại nhà cung cấp DNS trỏ đến đích hiển thị trong bảng điều khiển. Bài viết hướng dẫn cách xử lý tên miền gốc, chọn TTL và tránh các lỗi thường gặp.",
      body: `<p>Bạn không cần chuyển DNS đi đâu cả. Để lưu lượng của website đi qua mạng lưới của chúng tôi, bạn chỉ cần sửa một bản ghi: tên miền mà khách truy cập gõ vào, ví dụ <code>www.example.com</code>, được gán một bản ghi CNAME trỏ đến một đích trên mạng lưới của chúng tôi.</p>
<h2>Bản ghi CNAME là gì</h2>
<p>Bản ghi CNAME cho biết "tên này là bí danh của tên kia". Khi trình duyệt tra cứu <code>www.example.com</code>, DNS trả về đích của chúng tôi, và đích đó phân giải ra các máy chủ biên của chúng tôi. Vì đích do chúng tôi quản lý, chúng tôi có thể thay đổi địa chỉ phía sau, chẳng hạn để điều hướng tránh một cuộc tấn công, mà bạn không phải sửa DNS thêm lần nào.</p>
<h2>Bước 1: thêm tên miền trong bảng điều khiển</h2>
<ol>
<li>Vào <a href="/control/services">Trung tâm điều khiển → Dịch vụ của tôi</a>, chọn <strong>Tên miền</strong> ở dòng của gói.</li>
<li>Bấm <strong>Thêm tên miền</strong> và nhập tên máy chủ, ví dụ <code>www.example.com</code>.</li>
<li>Trong <strong>Cài đặt</strong> của tên miền, nhập địa chỉ máy chủ gốc: IP hoặc tên máy chủ đang chạy website của bạn hiện nay. Có thể nhập nhiều địa chỉ.</li>
<li>Sao chép <strong>Đích CNAME</strong> hiển thị cho tên miền đó. Mỗi tên miền có một đích riêng, đừng dùng lại đích của tên miền khác.</li>
</ol>
<h2>Bước 2: tạo bản ghi tại nhà cung cấp DNS</h2>
<p>Đăng nhập nơi đang quản lý DNS của tên miền, ví dụ trang quản trị tên miền của PA Vietnam, Mắt Bão hoặc Cloudflare, rồi thêm bản ghi như sau, thay giá trị mẫu bằng đích hiển thị trong bảng điều khiển:</p>
<pre><code>Tên:     www
Loại:    CNAME
Giá trị: 7f3k2a.cdn-edge.example.net
TTL:     600</code></pre>
<p>Viết theo dạng zone file: <code>www.example.com CNAME 7f3k2a.cdn-edge.example.net</code>. Trong lúc chuyển đổi, hãy để TTL ở mức 600 giây hoặc thấp hơn để nếu có sai sót thì sửa xong sẽ có hiệu lực nhanh; khi mọi thứ đã ổn, bạn có thể tăng lên.</p>
<h2>Bước 3: bấm Xác minh</h2>
<p>Quay lại bảng điều khiển và bấm <strong>Xác minh</strong> bên cạnh tên miền. Chúng tôi tra cứu bản ghi trên DNS thực tế; khi tên miền đã trỏ đúng đích, trạng thái chuyển sang <strong>Đang hoạt động</strong>. Thay đổi DNS thường có hiệu lực sau vài phút, nhưng các máy chủ phân giải có thể giữ kết quả cũ cho đến khi TTL của bản ghi cũ hết hạn. Nếu chưa tìm thấy bản ghi, hãy chờ một lúc rồi thử lại.</p>
<p>Nếu muốn chuẩn bị mọi thứ trước khi chuyển lưu lượng, bạn có thể chứng minh quyền sở hữu trước bằng một bản ghi TXT: bảng điều khiển hiển thị tên bản ghi và giá trị, bắt đầu bằng mã xác minh của bạn. Khi CNAME đã được xác minh, quyền sở hữu cũng được coi là đã chứng minh.</p>
<h2>Tên miền gốc như example.com</h2>
<p>Tên miền gốc còn chứa các bản ghi NS và SOA, nên phần lớn nhà cung cấp DNS không cho phép đặt CNAME ở đó. Bạn có hai cách:</p>
<ul>
<li>Nếu nhà cung cấp hỗ trợ CNAME flattening, ALIAS hoặc ANAME, hãy dùng loại bản ghi đó với cùng đích. Cloudflare, chẳng hạn, tự động làm phẳng CNAME ở tên miền gốc.</li>
<li>Nếu không, hãy trỏ <code>www.example.com</code> về chúng tôi và chuyển hướng (301) <code>example.com</code> sang <code>www</code> bằng tính năng chuyển hướng URL của nhà cung cấp hoặc trên máy chủ của bạn.</li>
</ul>
<h2>Các lỗi thường gặp</h2>
<ul>
<li><strong>Bản ghi cũ trùng tên.</strong> Một tên đã có CNAME thì không được có bản ghi nào khác. Hãy xóa bản ghi A hoặc AAAA cũ của <code>www</code> trước.</li>
<li><strong>Dấu chấm ở cuối.</strong> Hầu hết nhà cung cấp tự xử lý. Nếu giá trị bị biến thành <code>7f3k2a.cdn-edge.example.net.example.com</code>, hãy thêm một dấu chấm vào cuối đích.</li>
<li><strong>Proxy của CDN khác vẫn bật.</strong> Nếu DNS đặt tại Cloudflare, hãy chuyển biểu tượng đám mây màu cam (Proxied) sang "DNS only", nếu không khách truy cập sẽ đi vào Cloudflare thay vì mạng lưới của chúng tôi.</li>
</ul>
<p>Trước khi chuyển đổi, hãy chạy <a href="/help/getting-started/go-live-check">kiểm tra trước khi hoạt động</a> để xem còn thiếu gì.</p>`,
    },
    {
      category: "getting-started",
      slug: "go-live-check",
      title: "Cách đọc kết quả kiểm tra trước khi hoạt động",
      summary:
        "Bước kiểm tra trước khi hoạt động liệt kê mọi điều kiện để tên miền nhận lưu lượng thật: quyền sở hữu, CNAME, hạn mức gói, máy chủ gốc và chứng chỉ. Bài viết giải thích từng dòng và cách xử lý khi một dòng báo đỏ.",
      body: `<p>Trước khi tên miền nhận lưu lượng thật, bước kiểm tra trước khi hoạt động cho bạn biết phần nào đã sẵn sàng, phần nào còn thiếu. Vào <a href="/control/services">Trung tâm điều khiển → Dịch vụ của tôi</a>, chọn <strong>Tên miền</strong> ở dòng của gói, rồi bấm <strong>Kiểm tra trước khi hoạt động</strong> bên cạnh tên miền.</p>
<h2>Cách đọc kết quả</h2>
<p>Mỗi dòng là một mục kiểm tra. Dòng đạt sẽ hiển thị những gì chúng tôi tìm thấy, chẳng hạn đích mà CNAME đang trỏ tới hoặc thời gian phản hồi của máy chủ. Dòng màu đỏ cho biết cần làm gì, kèm bản ghi hoặc giá trị chính xác cần nhập và kết quả mà DNS hay máy chủ của bạn đang trả về. Mỗi lần kiểm tra đều chạy lại từ đầu: sửa xong một mục, bấm <strong>Kiểm tra lại</strong>, và lặp lại bao nhiêu lần cũng được.</p>
<h2>Các mục kiểm tra và cách khắc phục</h2>
<h3>Quyền sở hữu</h3>
<p>Đạt khi tìm thấy bản ghi TXT được hiển thị (giá trị bắt đầu bằng mã xác minh của bạn), hoặc khi CNAME đã được xác minh. Nếu báo đỏ, hãy thêm bản ghi TXT đúng như hiển thị tại nhà cung cấp DNS và chờ vài phút.</p>
<h3>CNAME</h3>
<p>Hiển thị đích cần trỏ tới và kết quả DNS hiện tại của tên miền. "Không có" nghĩa là bản ghi chưa được tạo hoặc chưa có hiệu lực; một giá trị khác nghĩa là tên miền vẫn trỏ về máy chủ cũ hoặc một CDN khác. Xem <a href="/help/getting-started/cname-setup">cách thiết lập bản ghi CNAME</a>.</p>
<h3>Hạn mức gói</h3>
<p>Gói của bạn giới hạn số tên miền, số tên miền gốc và số địa chỉ máy chủ gốc. Nếu báo đỏ, hãy xóa tên miền không còn dùng hoặc nâng cấp gói.</p>
<h3>Phản hồi của máy chủ gốc</h3>
<p>Chúng tôi gửi một yêu cầu từ mạng lưới của mình đến máy chủ gốc với tên miền đó, rồi hiển thị mã trạng thái HTTP và thời gian phản hồi. Mọi phản hồi dưới 500, kể cả chuyển hướng và 404, đều được tính là đạt. Hết thời gian chờ, bị từ chối kết nối hoặc mã 5xx thì không đạt. Hãy kiểm tra:</p>
<ul>
<li>địa chỉ, giao thức và cổng của máy chủ gốc trong Cài đặt của tên miền;</li>
<li>web server có đang chạy và đã cấu hình website cho tên miền này chưa;</li>
<li>tường lửa hoặc trang quản trị hosting có cho phép các địa chỉ thuộc mạng lưới của chúng tôi kết nối vào không.</li>
</ul>
<h3>Chứng chỉ</h3>
<p>Để dùng HTTPS, tài khoản của bạn cần có một chứng chỉ bao gồm tên miền này, khớp chính xác hoặc qua wildcard ở cấp ngay trên, và dòng này cho biết chứng chỉ còn hiệu lực đến khi nào. Nếu báo đỏ, hãy yêu cầu chứng chỉ miễn phí hoặc tải lên chứng chỉ của bạn trong mục <a href="/control/certificates">Chứng chỉ</a>; xem <a href="/help/certificates/certificate-dns-validation">chứng chỉ miễn phí bằng xác thực DNS</a>.</p>
<h3>Đăng ký ICP</h3>
<p>Chỉ áp dụng cho gói phục vụ Trung Quốc đại lục: hãy nhập số đăng ký ICP của website trong Cài đặt của tên miền.</p>
<h2>Khi nào tên miền thực sự hoạt động?</h2>
<p>Không có gì được đưa vào hoạt động cho đến khi CNAME trỏ đúng đích: trước đó khách truy cập vẫn vào thẳng máy chủ của bạn, bất kể các dòng khác báo gì. Vì vậy hãy xử lý các dòng khác trước, sau đó mới đổi CNAME, bấm <strong>Xác minh</strong> và chạy kiểm tra thêm một lần.</p>`,
    },
    {
      category: "certificates",
      slug: "certificate-dns-validation",
      title: "Lấy chứng chỉ SSL miễn phí bằng xác thực DNS",
      summary:
        "Yêu cầu chứng chỉ SSL miễn phí cho tối đa 20 tên miền, kể cả wildcard, bằng cách thêm bản ghi TXT tại nhà cung cấp DNS. Bài viết hướng dẫn kiểm tra bản ghi, quá trình cấp, gia hạn và cài đặt trên máy chủ của bạn.",
      body: `<p>Chúng tôi xin chứng chỉ miễn phí cho tên miền của bạn từ một tổ chức cấp chứng chỉ (CA) công khai qua giao thức ACME, giao thức mà Let's Encrypt sử dụng. Với xác thực DNS, bạn chứng minh quyền kiểm soát từng tên miền bằng cách thêm một bản ghi TXT. Đây là cách duy nhất dùng được cho tên miền wildcard, và dùng được ngay cả khi lưu lượng của bạn chưa đi qua mạng lưới của chúng tôi.</p>
<h2>Bước 1: gửi yêu cầu</h2>
<ol>
<li>Vào <a href="/control/certificates">Trung tâm điều khiển → Chứng chỉ</a> và chọn <strong>Yêu cầu chứng chỉ miễn phí</strong>.</li>
<li>Nhập các tên miền, mỗi dòng một tên, tối đa 20 tên cho một chứng chỉ, ví dụ <code>example.com</code> và <code>*.example.com</code>. Wildcard chỉ bao một cấp: <code>*.example.com</code> bao gồm <code>www.example.com</code>, nhưng không bao gồm chính <code>example.com</code> hay <code>a.b.example.com</code>.</li>
<li>Tại <strong>Chứng minh quyền kiểm soát bằng</strong>, chọn <strong>Bản ghi DNS TXT</strong>.</li>
</ol>
<h2>Bước 2: thêm các bản ghi TXT</h2>
<p>Bảng điều khiển hiển thị tên bản ghi và giá trị cho từng tên miền. Wildcard được xác thực trên tên miền gốc của nó, nên <code>example.com</code> và <code>*.example.com</code> cùng dùng <code>_acme-challenge.example.com</code> nhưng với hai giá trị khác nhau:</p>
<pre><code>_acme-challenge.example.com  TXT  "gB3xVq...giá trị thứ nhất"
_acme-challenge.example.com  TXT  "Qm7dLk...giá trị thứ hai"</code></pre>
<p>Hãy thêm thành hai bản ghi TXT riêng biệt cùng tên: chúng tồn tại song song, đừng ghi đè bản ghi này bằng bản ghi kia. Ở nhiều trang quản trị DNS như của PA Vietnam, Mắt Bão hay Cloudflare, ô tên chỉ cần nhập <code>_acme-challenge</code>, phần tên miền được tự động thêm vào.</p>
<h2>Bước 3: kiểm tra và chờ cấp chứng chỉ</h2>
<p>Chờ vài phút, rồi kiểm tra xem bản ghi đã tra cứu được công khai chưa:</p>
<pre><code>dig TXT _acme-challenge.example.com +short
nslookup -type=TXT _acme-challenge.example.com</code></pre>
<p>Khi mọi giá trị đã xuất hiện, bấm <strong>Kiểm tra</strong> trong bảng điều khiển. Chưa có gì được gửi đến CA cho đến khi tìm thấy đủ các bản ghi. Sau đó việc xác thực chỉ mất vài giây, và chúng tôi gửi email cho bạn khi chứng chỉ được cấp, hoặc khi CA từ chối kèm lý do. Nguyên nhân thường gặp nhất là gõ sai giá trị hoặc bản ghi chưa kịp cập nhật.</p>
<h2>Gia hạn</h2>
<p>Việc gia hạn tự động bắt đầu 30 ngày trước khi chứng chỉ hết hạn, và chứng chỉ hiện tại vẫn hoạt động bình thường trong thời gian đó. Với xác thực DNS, CA cần giá trị TXT mới mỗi lần: hãy giữ nguyên các bản ghi <code>_acme-challenge</code> và cập nhật giá trị khi email gia hạn yêu cầu.</p>
<h2>Cài đặt trên máy chủ của bạn</h2>
<p>Bấm <strong>Tải về</strong> ở chứng chỉ để lấy chứng chỉ kèm chuỗi chứng chỉ và khóa riêng ở định dạng PEM; ngoài ra còn có tệp PKCS#12 (.pfx) cho IIS hoặc Tomcat. Với nginx:</p>
<pre><code>ssl_certificate     /etc/nginx/ssl/example.com.fullchain.pem;
ssl_certificate_key /etc/nginx/ssl/example.com.key.pem;</code></pre>
<p>Với Apache, trỏ <code>SSLCertificateFile</code> đến tệp chứng chỉ và chuỗi, <code>SSLCertificateKeyFile</code> đến tệp khóa, rồi tải lại cấu hình máy chủ. Hãy giữ kín tệp khóa riêng.</p>`,
    },
    {
      category: "billing",
      slug: "top-up-balance",
      title: "Cách nạp tiền vào số dư tài khoản",
      summary:
        "Nạp tiền vào số dư bằng thanh toán trực tuyến hoặc chuyển khoản ngân hàng. Số dư dùng để gia hạn và thanh toán đơn hàng, toàn bộ hoặc một phần; bài viết cũng nói về sao kê hằng tháng, nhắc số dư thấp và hoàn tiền.",
      body: `<p>Số dư tài khoản là khoản tiền bạn gửi trước cho chúng tôi. Khi số dư đủ, các gói được gia hạn đúng hạn và đơn hàng mới có thể thanh toán ngay.</p>
<h2>Nạp tiền trực tuyến</h2>
<ol>
<li>Vào <a href="/control/balance">Trung tâm điều khiển → Số dư</a> và bấm <strong>Nạp tiền</strong>.</li>
<li>Nhập số tiền. Mức nạp tối thiểu cho mỗi lần được ghi trên trang.</li>
<li>Chọn một trong các phương thức thanh toán mà website cung cấp, rồi bấm <strong>Tiếp tục thanh toán</strong>.</li>
<li>Hoàn tất thanh toán. Số dư được cộng ngay khi thanh toán được xác nhận.</li>
</ol>
<h2>Nạp tiền bằng chuyển khoản ngân hàng</h2>
<ol>
<li>Chọn <strong>Chuyển khoản ngân hàng</strong> làm phương thức thanh toán.</li>
<li>Trang tiếp theo hiển thị thông tin tài khoản ngân hàng của chúng tôi và mã đơn hàng. Hãy ghi chính xác mã này vào nội dung chuyển khoản để bộ phận tài chính đối chiếu được khoản tiền của bạn.</li>
<li>Số dư được cộng sau khi bộ phận tài chính xác nhận đã nhận tiền, nên hãy tính thêm thời gian xử lý của ngân hàng.</li>
</ol>
<h2>Số dư được dùng như thế nào</h2>
<ul>
<li><strong>Mỗi loại tiền tệ một số dư.</strong> Tiền nạp bằng loại tiền nào chỉ dùng để thanh toán đơn hàng bằng loại tiền đó.</li>
<li><strong>Gia hạn.</strong> Các gói đã bật gia hạn bằng số dư sẽ được gia hạn tự động mà bạn không phải làm gì. Bạn có thể bật cho từng gói trong Dịch vụ của tôi.</li>
<li><strong>Đơn hàng mới.</strong> Khi thanh toán, bạn có thể trả bằng số dư. Nếu số dư không đủ, số dư sẽ trả một phần và bạn thanh toán phần còn lại bằng phương thức khác.</li>
</ul>
<h2>Sao kê hằng tháng</h2>
<p>Trên trang Số dư, chọn tháng rồi bấm <strong>Tải sao kê (PDF)</strong>. Sao kê liệt kê mọi biến động trong tháng: nạp tiền, thanh toán và hoàn tiền. Bản CSV cũng có sẵn để bạn xử lý bằng bảng tính.</p>
<h2>Nhắc khi số dư thấp</h2>
<p>Ở phần <strong>Tùy chọn</strong> trên cùng trang, hãy chọn khi nào chúng tôi gửi email nhắc: khi số dư thấp hơn tiền gia hạn trong 30 ngày tới, thấp hơn một mức bạn tự chọn, hoặc không bao giờ. Tại đây bạn cũng có thể đặt để các gói mới mặc định gia hạn bằng số dư.</p>
<h2>Hoàn tiền</h2>
<p>Tiền trong số dư không thể rút ra thành tiền mặt, trừ trường hợp theo điều khoản hoàn tiền của chúng tôi. Để yêu cầu hoàn tiền, hãy gửi phiếu hỗ trợ đến bộ phận thanh toán trong mục <a href="/control/support">Hỗ trợ</a>.</p>`,
    },
    {
      category: "security",
      slug: "under-attack",
      title: "Cần làm gì khi đang bị tấn công",
      summary:
        'Nếu website bị tấn công, hãy bấm "Đang bị tấn công?": hệ thống mở ngay một phiếu hỗ trợ khẩn cấp và gọi kỹ sư trực của chúng tôi. Bài viết cho biết cần cung cấp thông tin gì, điều gì không nên vội làm và cách gia cố sau đó.',
      body: `<p>Trang chậm, hết thời gian chờ, hàng loạt lỗi 5xx hay lưu lượng tăng vọt đột ngột đều có thể là dấu hiệu của một cuộc tấn công. Hãy hành động nhanh, nhưng theo thứ tự dưới đây.</p>
<h2>1. Báo cho chúng tôi ngay</h2>
<p>Bấm <strong>Đang bị tấn công?</strong> tại <a href="/control/support">Trung tâm điều khiển → Hỗ trợ</a>, hoặc trên trang sản phẩm Chống DDoS và Tường lửa ứng dụng web, rồi chọn gói đang bị tấn công. Hệ thống mở một phiếu hỗ trợ khẩn cấp và gọi ngay kỹ sư trực của chúng tôi. Cuộc gọi được lặp lại mỗi 10 phút cho đến khi có kỹ sư tiếp nhận, vì vậy bạn không cần mở phiếu thứ hai; hãy bổ sung thông tin mới vào cùng phiếu đó.</p>
<h2>2. Mô tả những gì bạn thấy</h2>
<ul>
<li>tên miền hoặc địa chỉ IP đang bị tấn công;</li>
<li>thời điểm bắt đầu, ghi rõ múi giờ;</li>
<li>triệu chứng: hết thời gian chờ, lỗi 5xx, lưu lượng tăng vọt, máy chủ quá tải;</li>
<li>những thay đổi bạn vừa thực hiện, kể cả từ khi cuộc tấn công bắt đầu.</li>
</ul>
<h2>3. Đừng hoảng loạn mà đổi DNS</h2>
<p>Trỏ tên miền thẳng về máy chủ của bạn đồng nghĩa với việc gỡ bỏ lớp bảo vệ và để lộ địa chỉ IP của máy chủ gốc. Khi đó cuộc tấn công đánh thẳng vào máy chủ của bạn, và có thể tiếp diễn ngay cả sau khi bạn trỏ lại, vì kẻ tấn công đã biết địa chỉ.</p>
<h2>4. Nếu IP máy chủ gốc đã bị lộ</h2>
<p>Nếu nhật ký máy chủ cho thấy lưu lượng tấn công đến thẳng máy chủ mà không đi qua mạng lưới của chúng tôi, hãy xin địa chỉ IP mới từ nhà cung cấp hosting, cập nhật máy chủ gốc trong Cài đặt của tên miền, và cấu hình tường lửa để chỉ các địa chỉ thuộc mạng lưới của chúng tôi được truy cập cổng 80 và 443. Đội ngũ hỗ trợ của chúng tôi có thể gửi cho bạn danh sách địa chỉ mới nhất.</p>
<h2>5. Theo dõi biểu đồ</h2>
<p>Trong <a href="/control/services">Dịch vụ của tôi</a>, chọn <strong>Mức sử dụng</strong> ở dòng của gói. Biểu đồ lưu lượng và tấn công cho thấy cuộc tấn công bắt đầu khi nào, quy mô ra sao và bao nhiêu đã bị chặn.</p>
<h2>6. Siết chặt WAF</h2>
<p>Trong Cài đặt của tên miền, chuyển chế độ bảo vệ từ <em>Chỉ giám sát</em> sang <em>Chặn tấn công</em>. Nếu cuộc tấn công nhắm vào những đường dẫn cụ thể như trang đăng nhập, tìm kiếm hay API, hãy đề nghị kỹ sư trong phiếu hỗ trợ áp dụng quy tắc chặt hơn hoặc giới hạn tần suất truy cập (rate limiting) cho các đường dẫn đó. Khi tình hình đã yên, bạn có thể nới lỏng lại.</p>
<h2>Sau cuộc tấn công</h2>
<p>Xem lại báo cáo tấn công trong phiếu hỗ trợ và các biểu đồ ở trang Mức sử dụng. Nếu cuộc tấn công vượt quá năng lực của gói, hãy cân nhắc nâng lên gói bảo vệ lớn hơn trước lần tấn công tiếp theo; đội ngũ hỗ trợ của chúng tôi sẵn sàng giúp bạn lựa chọn.</p>`,
    },
  ],
};
