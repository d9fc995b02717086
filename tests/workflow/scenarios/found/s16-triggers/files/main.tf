variable "token" {
  type      = string
  default   = "t0ken"
  ephemeral = true
}
resource "terraform_data" "c" {
  triggers_replace = [var.token]
}
