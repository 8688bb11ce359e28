/** The answers of the notification centre (issue 43), merged into the API's messages. */
export const NOTIFICATION_MESSAGES = {
  notifications_stream_only: {
    en: "This address sends a stream of events: ask for it with Accept: text/event-stream",
    "zh-CN": "此地址发送事件流，请求时请带上 Accept: text/event-stream",
    "zh-TW": "此網址傳送事件串流，請求時請加上 Accept: text/event-stream",
    id: "Alamat ini mengirim aliran peristiwa: mintalah dengan Accept: text/event-stream",
    vi: "Địa chỉ này gửi luồng sự kiện: hãy yêu cầu với Accept: text/event-stream",
  },
  notifications_preferences_saved: {
    en: "Your notification choices are saved",
    "zh-CN": "通知设置已保存",
    "zh-TW": "通知設定已儲存",
    id: "Pilihan pemberitahuan Anda disimpan",
    vi: "Đã lưu lựa chọn thông báo của bạn",
  },
} as const;
