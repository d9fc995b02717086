variable "token" {
  type      = string
  default   = "t0ken"
  ephemeral = true
}
resource "terraform_data" "c" {
  count = length(var.token)
}
