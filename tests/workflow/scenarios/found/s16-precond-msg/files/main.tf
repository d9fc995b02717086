variable "token" {
  type      = string
  default   = "t0ken"
  ephemeral = true
}
resource "terraform_data" "c" {
  lifecycle {
    precondition {
      condition     = var.token == "x"
      error_message = "bad ${var.token}"
    }
  }
}
