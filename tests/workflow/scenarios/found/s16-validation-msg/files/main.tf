variable "token" {
  type      = string
  default   = "t0ken"
  ephemeral = true
  validation {
    condition     = length(var.token) > 8
    error_message = "short: ${var.token}"
  }
}
resource "terraform_data" "a" {
  input = "plain"
}
