variable "s" {
  type      = string
  default   = "abc"
  sensitive = true
}
resource "terraform_data" "c" {
  input = "x"
  lifecycle {
    precondition {
      condition     = length(var.s) > 5
      error_message = "bad ${var.s}"
    }
  }
}
output "o" {
  value = "x"
  precondition {
    condition     = length(var.s) > 5
    error_message = "out ${var.s}"
  }
}
check "k" {
  assert {
    condition = length(var.s) > 5
    error_message = "chk ${var.s}"
  }
}
