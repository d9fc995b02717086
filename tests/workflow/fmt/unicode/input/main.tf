locals {
  café = "x"
  naïve_name = "ü"
  z = "日本語" # コメント
  zz = "é" # combining
  emoji = "👍🏽" # skin tone
}
