variable "plain" {
  type    = string
  default = "p"
}
variable "eph" {
  type      = string
  default   = null
  ephemeral = true
}
resource "terraform_data" "a" {
  input = var.plain
}
