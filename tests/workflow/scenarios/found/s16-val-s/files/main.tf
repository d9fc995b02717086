variable "v" {
  type      = string
  default   = "abc"
  sensitive = true
  validation {
    condition     = length(var.v) > 5
    error_message = "short ${var.v}"
  }
}
resource "terraform_data" "a" {
  input = "x"
}
