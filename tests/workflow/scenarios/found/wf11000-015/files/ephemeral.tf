variable "token" {
  type      = string
  default   = "s3cret"
  ephemeral = true

  validation {
    condition     = length(var.token) > 3
    error_message = "Too short: ${var.token}"
  }
}

resource "terraform_data" "token_guard" {
  input = "guard"

  lifecycle {
    precondition {
      condition     = var.token != "nope"
      error_message = "The token is not allowed."
    }
  }
}

output "token" {
  value = var.token
}
