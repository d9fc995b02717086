variable "token" {
  type      = string
  default   = "t0ken"
  ephemeral = true
}
resource "terraform_data" "c" {
  for_each = toset([var.token])
}
