variable "token" {
  type      = string
  default   = "t0ken"
  ephemeral = true
}
resource "terraform_data" "a" {
  input = "plain"
}
output "e" {
  value     = var.token
  ephemeral = true
}
