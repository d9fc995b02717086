variable "plain" {
  type    = string
  default = "p"
}
variable "other" {
  type    = string
  default = "o"
}
resource "terraform_data" "a" {
  input = "${var.plain}-${var.other}"
}
