variable "token" {
  type      = string
  default   = "t0ken"
  ephemeral = true
}
variable "plain" {
  type    = string
  default = "p"
}
resource "terraform_data" "a" {
  input = var.plain
}
output "o" {
  value = ephemeralasnull(var.token)
}
