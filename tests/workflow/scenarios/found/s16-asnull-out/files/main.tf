variable "token" {
  type      = string
  default   = "t0ken"
  ephemeral = true
}
resource "terraform_data" "a" {
  input = "plain"
}
output "e" {
  value = ephemeralasnull(var.token)
}
output "f" {
  value = ephemeralasnull({a = var.token, b = "x"})
}
