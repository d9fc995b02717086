variable "token" {
  type      = string
  default   = "t0ken"
  ephemeral = true
}
resource "terraform_data" "a" {
  input = "plain"
}
module "m" {
  source = "./mod"
  t      = var.token
}
