variable "n" {
  type = number
  default = 1
}
resource "terraform_data" "a" {
  input = var.n
  lifecycle {
    precondition {
      condition     = var.n == 1
      error_message = "pre failed"
    }
    postcondition {
      condition     = self.output == 1
      error_message = "post failed"
    }
  }
}
output "o" {
  value = terraform_data.a.output
  precondition {
    condition     = terraform_data.a.output == 1
    error_message = "outpre failed"
  }
}
