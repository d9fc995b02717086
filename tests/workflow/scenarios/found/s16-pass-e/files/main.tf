variable "t" {
  type      = string
  default   = "abc"
  ephemeral = true
}
resource "terraform_data" "c" {
  input = "x"
  lifecycle {
    precondition {
      condition     = length(var.t) > 1
      error_message = "bad ${var.t}"
    }
  }
}
output "o" {
  value = "x"
  precondition {
    condition     = length(var.t) > 1
    error_message = "out ${var.t}"
  }
}
check "k" {
  assert {
    condition = length(var.t) > 1
    error_message = "chk ${var.t}"
  }
}
