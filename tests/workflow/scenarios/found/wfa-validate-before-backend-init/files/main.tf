terraform {
  backend "local" {
    path = "state/app.tfstate"
  }
}

variable "size" {
  type    = string
  default = "medium"

  validation {
    condition     = contains(["small", "large"], var.size)
    error_message = "size must be small or large."
  }
}

resource "terraform_data" "a" {
  input = var.size
}
