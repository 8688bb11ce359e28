import type { HelpSeed } from "./help-seed.ts";

/** The first help-centre articles in Indonesian. */
export const HELP_SEED_ID: HelpSeed = {
  categories: {
    "getting-started": "Memulai",
    certificates: "Sertifikat SSL",
    billing: "Pembayaran dan saldo",
    security: "Keamanan dan serangan",
  },
  articles: [
    {
      category: "getting-started",
      slug: "cname-setup",
      title: "Mengarahkan domain ke jaringan kami dengan record CNAME",
      summary:
        "Tambahkan domain ke paket di konsol, lalu buat record CNAME di penyedia DNS Anda yang mengarah ke target yang ditampilkan konsol. Termasuk cara menangani domain utama, saran TTL, dan kesalahan yang paling sering terjadi.",
      body: `<p>DNS Anda tidak perlu dipindahkan. Untuk melewatkan lalu lintas situs melalui jaringan kami, Anda cukup mengubah satu record: nama yang diketik pengunjung, misalnya <code>www.example.com</code>, diberi record CNAME yang mengarah ke target di jaringan kami.</p>
<h2>Apa itu record CNAME</h2>
<p>Record CNAME berarti "nama ini adalah alias dari nama itu". Saat browser mencari <code>www.example.com</code>, DNS menjawab dengan target kami, dan target itu mengarah ke server edge kami. Karena targetnya kami kelola, kami bisa mengganti alamat di baliknya, misalnya untuk menghindari serangan, tanpa Anda perlu mengubah DNS lagi.</p>
<h2>Langkah 1: tambahkan domain di konsol</h2>
<ol>
<li>Buka <a href="/control/services">Pusat kontrol → Layanan saya</a>, lalu pilih <strong>Domain</strong> di baris paket Anda.</li>
<li>Klik <strong>Tambah domain</strong> dan masukkan nama host, misalnya <code>www.example.com</code>.</li>
<li>Di <strong>Pengaturan</strong> domain tersebut, isi alamat server asal: IP atau nama host server yang saat ini menyimpan situs Anda. Boleh lebih dari satu.</li>
<li>Salin <strong>Target CNAME</strong> yang tampil untuk domain itu. Setiap domain punya target sendiri, jadi jangan memakai target domain lain.</li>
</ol>
<h2>Langkah 2: buat record di penyedia DNS</h2>
<p>Masuk ke tempat DNS domain Anda dikelola, misalnya menu kelola DNS di Niagahoster atau dasbor Cloudflare, lalu tambahkan record seperti ini dengan target dari konsol sebagai nilainya:</p>
<pre><code>Nama:  www
Tipe:  CNAME
Nilai: 7f3k2a.cdn-edge.example.net
TTL:   600</code></pre>
<p>Dalam format zone file: <code>www.example.com CNAME 7f3k2a.cdn-edge.example.net</code>. Selama proses peralihan, gunakan TTL 600 detik atau lebih rendah agar koreksi cepat berlaku. Setelah semuanya lancar, TTL boleh dinaikkan.</p>
<h2>Langkah 3: klik Verifikasi</h2>
<p>Kembali ke konsol dan klik <strong>Verifikasi</strong> di samping domain. Kami mengecek record tersebut di DNS yang sebenarnya; begitu nama sudah mengarah ke targetnya, status domain menjadi <strong>Aktif</strong>. Perubahan DNS biasanya terlihat dalam hitungan menit, tetapi resolver bisa menyimpan jawaban lama sampai TTL record lama habis. Jika record belum ditemukan, tunggu sebentar lalu coba lagi.</p>
<p>Kalau ingin menyiapkan semuanya sebelum lalu lintas dialihkan, Anda bisa lebih dulu membuktikan kepemilikan dengan record TXT: konsol menampilkan nama record dan nilainya, yang diawali kode verifikasi Anda. Setelah CNAME terverifikasi, kepemilikan dianggap sudah terbukti.</p>
<h2>Domain utama seperti example.com</h2>
<p>Domain utama (root) juga memuat record NS dan SOA, sehingga sebagian besar penyedia DNS tidak mengizinkan CNAME di sana. Ada dua pilihan:</p>
<ul>
<li>Jika penyedia Anda mendukung CNAME flattening, ALIAS, atau ANAME, gunakan fitur itu dengan target yang sama. Cloudflare, misalnya, otomatis melakukan CNAME flattening pada domain utama.</li>
<li>Jika tidak, arahkan <code>www.example.com</code> ke kami, lalu alihkan (redirect 301) <code>example.com</code> ke <code>www</code> melalui fitur redirect di panel domain atau di server Anda.</li>
</ul>
<h2>Kesalahan yang sering terjadi</h2>
<ul>
<li><strong>Record lama dengan nama yang sama.</strong> Nama yang memiliki CNAME tidak boleh punya record lain. Hapus dulu record A atau AAAA lama untuk <code>www</code>.</li>
<li><strong>Titik di akhir.</strong> Kebanyakan penyedia menanganinya otomatis. Jika nilainya berubah menjadi <code>7f3k2a.cdn-edge.example.net.example.com</code>, tambahkan titik di akhir target.</li>
<li><strong>Proxy CDN lain masih aktif.</strong> Jika DNS Anda di Cloudflare, ubah ikon awan oranye (Proxied) menjadi "DNS only". Kalau tidak, pengunjung akan tiba di Cloudflare, bukan di jaringan kami.</li>
</ul>
<p>Sebelum beralih, jalankan <a href="/help/getting-started/go-live-check">pemeriksaan siap tayang</a> untuk melihat apa yang masih kurang.</p>`,
    },
    {
      category: "getting-started",
      slug: "go-live-check",
      title: "Cara membaca pemeriksaan siap tayang",
      summary:
        "Pemeriksaan siap tayang menampilkan semua syarat sebelum domain menerima lalu lintas: kepemilikan, CNAME, kuota paket, server asal, dan sertifikat. Berikut arti setiap baris dan cara memperbaiki yang berwarna merah.",
      body: `<p>Sebelum domain menerima lalu lintas sungguhan, pemeriksaan siap tayang menunjukkan apa yang sudah siap dan apa yang masih kurang. Buka <a href="/control/services">Pusat kontrol → Layanan saya</a>, pilih <strong>Domain</strong> di baris paket, lalu klik <strong>Pemeriksaan siap tayang</strong> di samping domain.</p>
<h2>Cara membacanya</h2>
<p>Setiap baris adalah satu pemeriksaan. Baris yang lolos menampilkan apa yang kami temukan, misalnya target yang dituju CNAME atau seberapa cepat server Anda menjawab. Baris berwarna merah menjelaskan apa yang harus dilakukan, lengkap dengan record atau nilai yang perlu diisi serta jawaban DNS atau server saat ini. Pemeriksaan selalu dijalankan ulang dari awal: perbaiki satu hal, klik <strong>Periksa lagi</strong>, dan ulangi sesering yang Anda perlukan.</p>
<h2>Daftar pemeriksaan dan cara memperbaikinya</h2>
<h3>Kepemilikan</h3>
<p>Lolos bila record TXT yang ditampilkan ditemukan (nilainya diawali kode verifikasi Anda), atau bila CNAME sudah terverifikasi. Jika merah, tambahkan record TXT persis seperti yang tertera di penyedia DNS Anda, lalu tunggu beberapa menit.</p>
<h3>CNAME</h3>
<p>Menampilkan target dan jawaban DNS saat ini untuk nama tersebut. "Tidak ada" berarti record belum dibuat atau belum terlihat; nilai lain berarti nama masih mengarah ke server lama atau CDN lain. Lihat <a href="/help/getting-started/cname-setup">cara mengatur record CNAME</a>.</p>
<h3>Kuota paket</h3>
<p>Paket Anda membatasi jumlah domain, domain utama, dan alamat server asal. Jika merah, hapus domain yang tidak dipakai lagi atau tingkatkan paket.</p>
<h3>Respons server asal</h3>
<p>Kami mengirim permintaan dari jaringan kami ke server asal dengan nama domain tersebut, lalu menampilkan status HTTP dan waktu responsnya. Jawaban apa pun di bawah 500, termasuk redirect dan 404, dianggap lolos. Timeout, koneksi ditolak, atau status 5xx tidak lolos. Periksa:</p>
<ul>
<li>alamat, protokol, dan port server asal di Pengaturan domain;</li>
<li>apakah web server berjalan dan memiliki situs untuk nama host ini;</li>
<li>apakah firewall atau panel hosting Anda mengizinkan alamat jaringan kami.</li>
</ul>
<h3>Sertifikat</h3>
<p>Untuk HTTPS, akun Anda perlu memiliki sertifikat yang mencakup nama ini, persis atau melalui wildcard satu tingkat di atasnya. Baris ini juga menampilkan masa berlakunya. Jika merah, minta sertifikat gratis atau unggah sertifikat Anda di <a href="/control/certificates">Sertifikat</a>; lihat <a href="/help/certificates/certificate-dns-validation">sertifikat gratis dengan validasi DNS</a>.</p>
<h3>Pendaftaran ICP</h3>
<p>Hanya untuk paket yang melayani Tiongkok daratan: masukkan nomor pendaftaran ICP situs di Pengaturan domain.</p>
<h2>Kapan domain benar-benar tayang?</h2>
<p>Tidak ada yang tayang sebelum CNAME mengarah ke targetnya. Sampai saat itu, pengunjung tetap langsung menuju server Anda, apa pun hasil baris lainnya. Jadi selesaikan baris-baris lain lebih dulu, baru ubah CNAME, klik <strong>Verifikasi</strong>, dan jalankan pemeriksaan sekali lagi.</p>`,
    },
    {
      category: "certificates",
      slug: "certificate-dns-validation",
      title: "Mendapatkan sertifikat SSL gratis dengan validasi DNS",
      summary:
        "Minta sertifikat SSL gratis untuk hingga 20 nama, termasuk wildcard, dengan menambahkan record TXT di penyedia DNS Anda. Dibahas juga cara mengecek record, penerbitan, perpanjangan, dan pemasangan di server sendiri.",
      body: `<p>Kami memintakan sertifikat gratis untuk nama domain Anda dari otoritas sertifikat (CA) publik melalui ACME, protokol yang juga dipakai Let's Encrypt. Dengan validasi DNS, Anda membuktikan kendali atas setiap nama dengan memasang record TXT. Hanya cara ini yang bisa dipakai untuk nama wildcard, dan cara ini tetap bisa dipakai sebelum lalu lintas Anda melewati jaringan kami.</p>
<h2>Langkah 1: ajukan permintaan</h2>
<ol>
<li>Buka <a href="/control/certificates">Pusat kontrol → Sertifikat</a> dan pilih <strong>Minta sertifikat gratis</strong>.</li>
<li>Masukkan nama, satu per baris, maksimal 20 per sertifikat, misalnya <code>example.com</code> dan <code>*.example.com</code>. Wildcard hanya mencakup satu tingkat: <code>*.example.com</code> mencakup <code>www.example.com</code>, tetapi tidak mencakup <code>example.com</code> sendiri maupun <code>a.b.example.com</code>.</li>
<li>Pada <strong>Buktikan kendali melalui</strong>, pilih <strong>Data DNS TXT</strong>.</li>
</ol>
<h2>Langkah 2: tambahkan record TXT</h2>
<p>Konsol menampilkan nama record dan nilai untuk setiap nama. Wildcard divalidasi pada nama dasarnya, sehingga <code>example.com</code> dan <code>*.example.com</code> sama-sama memakai <code>_acme-challenge.example.com</code>, dengan dua nilai berbeda:</p>
<pre><code>_acme-challenge.example.com  TXT  "gB3xVq...nilai pertama"
_acme-challenge.example.com  TXT  "Qm7dLk...nilai kedua"</code></pre>
<p>Tambahkan keduanya sebagai dua record TXT terpisah dengan nama yang sama. Keduanya boleh ada bersamaan, jadi jangan menimpa yang satu dengan yang lain. Di banyak panel, seperti Niagahoster dan Cloudflare, kolom nama cukup diisi <code>_acme-challenge</code> karena domainnya ditambahkan otomatis.</p>
<h2>Langkah 3: cek dan tunggu penerbitan</h2>
<p>Beri waktu beberapa menit, lalu pastikan record sudah terlihat secara publik:</p>
<pre><code>dig TXT _acme-challenge.example.com +short
nslookup -type=TXT _acme-challenge.example.com</code></pre>
<p>Setelah semua nilai muncul, klik <strong>Periksa</strong> di konsol. Tidak ada yang dikirim ke CA sebelum semua record ditemukan. Validasi lalu berlangsung beberapa detik, dan kami mengirim email saat sertifikat terbit, atau saat CA menolak beserta alasannya. Penyebab yang paling umum adalah salah ketik nilai atau record yang belum menyebar.</p>
<h2>Perpanjangan</h2>
<p>Perpanjangan dimulai otomatis 30 hari sebelum sertifikat kedaluwarsa, dan sertifikat lama tetap berfungsi selama proses itu. Untuk validasi DNS, CA meminta nilai TXT baru setiap kali: biarkan record <code>_acme-challenge</code> tetap ada dan ganti nilainya saat email perpanjangan memintanya.</p>
<h2>Memasang di server sendiri</h2>
<p>Klik <strong>Unduh</strong> pada sertifikat untuk mendapatkan sertifikat beserta rantainya dan kunci privat dalam format PEM; tersedia juga file PKCS#12 (.pfx) untuk IIS atau Tomcat. Untuk nginx:</p>
<pre><code>ssl_certificate     /etc/nginx/ssl/example.com.fullchain.pem;
ssl_certificate_key /etc/nginx/ssl/example.com.key.pem;</code></pre>
<p>Untuk Apache, arahkan <code>SSLCertificateFile</code> ke file sertifikat dan rantai, serta <code>SSLCertificateKeyFile</code> ke file kunci, lalu muat ulang server. Simpan kunci privat baik-baik dan jangan dibagikan.</p>`,
    },
    {
      category: "billing",
      slug: "top-up-balance",
      title: "Cara mengisi saldo akun",
      summary:
        "Isi saldo secara online atau lewat transfer bank. Saldo membayar perpanjangan dan pesanan, penuh atau sebagian; artikel ini juga membahas laporan bulanan, pengingat saldo menipis, dan pengembalian dana.",
      body: `<p>Saldo akun adalah dana yang Anda simpan di muka pada kami. Dengan saldo yang cukup, perpanjangan terbayar tepat waktu dan pesanan baru bisa langsung dibayar.</p>
<h2>Isi saldo secara online</h2>
<ol>
<li>Buka <a href="/control/balance">Pusat kontrol → Saldo</a> dan klik <strong>Isi saldo</strong>.</li>
<li>Masukkan jumlahnya. Batas minimum sekali isi tertera di halaman tersebut.</li>
<li>Pilih salah satu metode pembayaran yang tersedia di situs ini, lalu klik <strong>Lanjut ke pembayaran</strong>.</li>
<li>Selesaikan pembayaran. Saldo bertambah begitu pembayaran dikonfirmasi.</li>
</ol>
<h2>Isi saldo lewat transfer bank</h2>
<ol>
<li>Pilih <strong>Transfer bank</strong> sebagai metode pembayaran.</li>
<li>Halaman berikutnya menampilkan rekening bank kami dan nomor pesanan. Tulis nomor pesanan itu persis di berita transfer agar tim keuangan kami bisa mencocokkan pembayaran Anda.</li>
<li>Saldo bertambah setelah tim keuangan mengonfirmasi dana sudah diterima, jadi perhitungkan waktu proses dari bank Anda.</li>
</ol>
<h2>Bagaimana saldo digunakan</h2>
<ul>
<li><strong>Satu saldo per mata uang.</strong> Dana yang diisi dalam satu mata uang hanya membayar pesanan dalam mata uang yang sama.</li>
<li><strong>Perpanjangan.</strong> Paket yang diatur untuk diperpanjang dari saldo akan diperpanjang otomatis tanpa perlu tindakan apa pun. Anda bisa mengaktifkannya per paket di Layanan saya.</li>
<li><strong>Pesanan baru.</strong> Saat checkout Anda bisa membayar dari saldo. Jika saldo tidak cukup, saldo membayar sebagian dan sisanya Anda bayar dengan metode lain.</li>
</ul>
<h2>Laporan bulanan</h2>
<p>Di halaman Saldo, pilih bulan lalu klik <strong>Unduh laporan (PDF)</strong>. Laporan memuat semua mutasi bulan itu: pengisian saldo, pembayaran, dan pengembalian dana. Versi CSV juga tersedia untuk diolah di spreadsheet.</p>
<h2>Pengingat saldo menipis</h2>
<p>Di bagian <strong>Preferensi</strong> pada halaman yang sama, tentukan kapan kami mengirim email: saat saldo di bawah biaya perpanjangan 30 hari ke depan, di bawah jumlah pilihan Anda, atau tidak sama sekali. Di sini Anda juga bisa mengatur agar paket baru otomatis diperpanjang dari saldo.</p>
<h2>Pengembalian dana</h2>
<p>Saldo tidak dapat ditarik tunai, kecuali sesuai ketentuan pengembalian dana kami. Untuk mengajukan pengembalian dana, buka tiket ke bagian keuangan melalui <a href="/control/support">Dukungan</a>.</p>`,
    },
    {
      category: "security",
      slug: "under-attack",
      title: "Yang harus dilakukan saat terjadi serangan",
      summary:
        'Jika situs Anda diserang, klik "Sedang diserang?": tiket darurat langsung dibuka dan teknisi siaga kami dipanggil saat itu juga. Berikut informasi yang perlu Anda sampaikan, hal yang jangan dilakukan terburu-buru, dan cara memperkuat pengaturan.',
      body: `<p>Halaman lambat, timeout, banyak error 5xx, atau lonjakan lalu lintas yang tiba-tiba bisa menjadi tanda serangan. Bertindaklah cepat, tetapi ikuti urutan berikut.</p>
<h2>1. Segera beri tahu kami</h2>
<p>Klik <strong>Sedang diserang?</strong> di <a href="/control/support">Pusat kontrol → Dukungan</a>, atau di halaman produk Perlindungan DDoS dan Web Application Firewall, lalu pilih paket yang diserang. Tiket darurat akan dibuka dan teknisi siaga kami langsung dipanggil. Panggilan diulang setiap 10 menit sampai ada teknisi yang menanganinya, jadi Anda tidak perlu membuka tiket kedua; tambahkan informasi baru di tiket yang sama.</p>
<h2>2. Ceritakan apa yang Anda lihat</h2>
<ul>
<li>domain atau alamat IP yang diserang;</li>
<li>kapan serangan dimulai, beserta zona waktunya (WIB, WITA, atau WIT);</li>
<li>gejalanya: timeout, error 5xx, lonjakan lalu lintas, beban server tinggi;</li>
<li>perubahan apa yang baru Anda lakukan, termasuk sejak serangan dimulai.</li>
</ul>
<h2>3. Jangan panik memindahkan DNS</h2>
<p>Mengarahkan domain langsung ke server Anda sendiri berarti melepas perlindungan sekaligus membuka alamat IP server asal. Serangan lalu menghantam server Anda secara langsung, dan bisa terus berlanjut meskipun DNS sudah dikembalikan, karena alamatnya sudah diketahui.</p>
<h2>4. Jika IP server asal sudah terbuka</h2>
<p>Jika log server menunjukkan lalu lintas serangan masuk tanpa melewati jaringan kami, minta alamat IP baru ke penyedia hosting Anda, perbarui server asal di Pengaturan domain, dan atur firewall agar hanya alamat jaringan kami yang boleh mengakses port 80 dan 443. Tim dukungan kami dapat mengirimkan daftar alamat terbaru.</p>
<h2>5. Pantau grafiknya</h2>
<p>Di <a href="/control/services">Layanan saya</a>, pilih <strong>Pemakaian</strong> di baris paket. Grafik lalu lintas dan serangan menunjukkan kapan serangan dimulai, seberapa besar, dan berapa banyak yang berhasil dihadang.</p>
<h2>6. Perketat WAF</h2>
<p>Di Pengaturan domain, ubah mode perlindungan dari <em>Hanya pantau</em> menjadi <em>Blokir serangan</em>. Jika serangan menyasar path tertentu, seperti halaman login, pencarian, atau API, minta teknisi di tiket Anda untuk menerapkan aturan yang lebih ketat atau pembatasan laju (rate limiting) pada path tersebut. Setelah keadaan tenang, aturan itu bisa dilonggarkan.</p>
<h2>Setelah serangan</h2>
<p>Tinjau laporan serangan di tiket Anda dan grafik di halaman Pemakaian. Jika serangan melampaui kapasitas paket Anda, pertimbangkan paket perlindungan yang lebih besar sebelum serangan berikutnya; tim dukungan kami siap membantu Anda memilih.</p>`,
    },
  ],
};
