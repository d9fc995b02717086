variable "token" {
  type      = string
  default   = "t0ken"
  ephemeral = true
}
variable "plain" {
  type    = string
  default = "p"
}
resource "terraform_data" "d" {
  input = [var.token, var.token]
  triggers_replace = {a = var.token, b = "x"}
}
