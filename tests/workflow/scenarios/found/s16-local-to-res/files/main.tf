variable "token" {
  type      = string
  default   = "t0ken"
  ephemeral = true
}
locals {
  l = upper(var.token)
}
resource "terraform_data" "c" {
  input = { k = local.l }
}
